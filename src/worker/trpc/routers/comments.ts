import { router } from '../init';

// Filled by the comments issue.
export const commentsRouter = router({});
