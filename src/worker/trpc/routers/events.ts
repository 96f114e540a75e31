import { router } from '../init';

// Filled by the events issue.
export const eventsRouter = router({});
