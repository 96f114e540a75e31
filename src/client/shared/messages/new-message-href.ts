/**
 * Where "Message" (a profile, a directory card) goes: a composer with her as the recipient, or
 * her two-person conversation when she already has one (features/messages/new-message-page.tsx).
 */
export const newMessageHref = (memberId: number) => `/messages/new?to=${memberId}`;
