/*
 * Where the browser's install offer is kept between the service worker's chunk, which hears it
 * (src/client/pwa/register.ts), and Settings (lib/install-prompt.ts): a property of the window and
 * an event, so that chunk imports no code (types only) and stays out of the entry's preload list.
 */
export const INSTALL_PROMPT_EVENT = 'owow-install-prompt';

export type InstallPromptWindow = Window & { owowInstallPrompt?: Event | null };
