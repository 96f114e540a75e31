import {
  ListNotificationsInputSchema,
  MarkNotificationsReadInputSchema,
  NotificationPreferencesInputSchema,
  NotificationSettingsInputSchema,
} from '../../../shared/schemas/notifications';
import { memberProcedure, router } from '../../platform/trpc';
import * as notificationsService from './notifications';
import * as preferences from './preferences';

/** Thin adapters (the REST twin is rest.ts); every procedure is for members. */
export const notificationsRouter = router({
  list: memberProcedure
    .input(ListNotificationsInputSchema)
    .query(({ ctx, input }) => notificationsService.listNotifications(ctx.deps, ctx.actor, input, ctx.meta)),
  unreadCount: memberProcedure.query(({ ctx }) => notificationsService.unreadCount(ctx.deps, ctx.actor)),
  markRead: memberProcedure
    .input(MarkNotificationsReadInputSchema)
    .mutation(({ ctx, input }) => notificationsService.markNotificationsRead(ctx.deps, ctx.actor, input)),
  preferences: memberProcedure.query(({ ctx }) => preferences.getNotificationPreferences(ctx.deps, ctx.actor)),
  updatePreferences: memberProcedure
    .input(NotificationPreferencesInputSchema)
    .mutation(({ ctx, input }) => preferences.updateNotificationPreferences(ctx.deps, ctx.actor, input)),
  settings: memberProcedure.query(({ ctx }) => preferences.getNotificationSettings(ctx.deps, ctx.actor)),
  updateSettings: memberProcedure
    .input(NotificationSettingsInputSchema)
    .mutation(({ ctx, input }) => preferences.updateNotificationSettings(ctx.deps, ctx.actor, input)),
});
