import { router } from '../init';

// Filled by the images issue.
export const imagesRouter = router({});
