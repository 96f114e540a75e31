import { Link } from 'wouter';

export function NoPermissionPage() {
  return (
    <section className="page narrow center">
      <h1>Access Denied</h1>
      <p>You do not have the necessary permission to view this content</p>
      <p>
        <Link href="/login" className="button">Login</Link>
      </p>
    </section>
  );
}
