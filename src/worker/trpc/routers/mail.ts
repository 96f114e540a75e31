import { router } from '../init';

// Filled by the mail issue.
export const mailRouter = router({});
