export function MemberHomePage() {
  return (
    <section className="page narrow">
      <h1>Member's Home Page</h1>
    </section>
  );
}
