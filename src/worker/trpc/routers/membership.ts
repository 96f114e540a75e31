import { router } from '../init';

// Filled by the membership issue.
export const membershipRouter = router({});
