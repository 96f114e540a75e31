import { CLUB_NAME } from './page-meta';

/**
 * The footer: the club's name, then the device's appearance and language (issue 41), rendered into
 * their slot by a chunk of their own once the page has long painted (src/client/main.tsx): the
 * footer is below the fold, and the page's appearance and language were decided by the Worker.
 */
export function Footer() {
  return (
    <footer className="site-footer">
      <p>{CLUB_NAME}</p>
      <span id="footer-choices" />
    </footer>
  );
}
