import { INSTALL_PROMPT_EVENT, type InstallPromptWindow } from './install-prompt-event';

/*
 * The browser's offer to install the app (beforeinstallprompt, Chromium), kept from the moment it
 * is made (src/client/pwa/register.ts listens) until Settings' "Install the app" uses it.
 */

export interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const win = () => window as InstallPromptWindow;

export const installPrompt = (): InstallPrompt | null => (win().owowInstallPrompt as InstallPrompt | undefined) ?? null;

export function onInstallPromptChange(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener(INSTALL_PROMPT_EVENT, notify);
    window.addEventListener('appinstalled', notify);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; answers whether she installed. */
export async function promptInstall(): Promise<boolean> {
  const prompt = installPrompt();
  if (!prompt) return false;
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  win().owowInstallPrompt = null;
  notify();
  return outcome === 'accepted';
}
