import { ComingSoon } from '../../components/coming-soon';

export function GalleryPage() {
  return <ComingSoon title="Image Gallery" />;
}
