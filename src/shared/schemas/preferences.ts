import * as z from 'zod';
import { LANGUAGES, THEMES } from '../preferences';
import './zod-config';

/** GET /api/preferences (issue 41): her language and appearance. */
export const PreferencesSchema = z.object({ language: z.enum(LANGUAGES), theme: z.enum(THEMES) });
export type Preferences = z.infer<typeof PreferencesSchema>;

/** PUT /api/preferences: any subset; another value is a 400 and changes nothing. */
export const PreferencesUpdateSchema = PreferencesSchema.partial().strict();
export type PreferencesUpdate = z.infer<typeof PreferencesUpdateSchema>;
