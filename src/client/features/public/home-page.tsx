import { Link } from 'wouter';

export function HomePage() {
  return (
    <section className="hero">
      <p className="eyebrow">Outstanding Women Outside Work</p>
      <h1>This is your sanctuary.</h1>
      <p className="hero-lead">
        A private club for women who lead in business, and who would like to meet, rest, create and travel together
        away from it.
      </p>
      <div className="hero-actions">
        <Link href="/about" className="button">About</Link>
        <Link href="/membership" className="button button-secondary">Membership</Link>
        <Link href="/activities" className="button button-secondary">Activities</Link>
      </div>
    </section>
  );
}
