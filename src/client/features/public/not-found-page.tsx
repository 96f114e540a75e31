import { Link } from 'wouter';

export function NotFoundPage() {
  return (
    <section className="page narrow center">
      <h1>Oops! You're not supposed to be here!</h1>
      <p>
        <Link href="/" className="button">Back to Home</Link>
      </p>
    </section>
  );
}
