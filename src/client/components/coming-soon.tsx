/** An honest placeholder for a screen a later issue fills. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="page narrow">
      <h1>{title}</h1>
      <p className="muted">This part of the club is being prepared and will open soon.</p>
    </section>
  );
}
