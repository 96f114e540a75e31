// Filled by the comments issue: the whole SPEC 2 comments widget for one commentable.
export function CommentsWidget({ commentableId }: { commentableId: string }) {
  return (
    <section className="comments" data-commentable={commentableId}>
      <p className="muted">Comments are coming soon.</p>
    </section>
  );
}
