// Filled by the email issue: a live preview of an HTML email body in a sandboxed frame.
export function EmailPreview({ subject, html }: { subject: string; html: string }) {
  return (
    <section aria-label="Preview">
      <h3>{subject}</h3>
      <pre className="muted">{html}</pre>
    </section>
  );
}
