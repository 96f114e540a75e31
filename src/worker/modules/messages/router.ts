import {
  ArchiveConversationInputSchema,
  BlockInputSchema,
  ConversationIdInputSchema,
  EditMessageInputSchema,
  ListConversationsInputSchema,
  ListMessagesInputSchema,
  ListReportsInputSchema,
  MessageIdInputSchema,
  PrivacySettingsSchema,
  ReportMessageInputSchema,
  ResolveReportInputSchema,
  SendMessageInputSchema,
  StartConversationInputSchema,
} from '../../../shared/schemas/messages';
import { adminProcedure, memberProcedure, router } from '../../platform/trpc';
import * as blocks from './blocks';
import * as conversations from './conversations';
import * as messages from './messages';
import * as privacy from './privacy';
import * as reports from './reports';

/** Issue 38's procedures (the contract of /work/notes/messages-contract.md): one-line adapters over the services. */
export const messagesRouter = router({
  conversations: memberProcedure
    .input(ListConversationsInputSchema)
    .query(({ ctx, input }) => conversations.listConversations(ctx.deps, ctx.actor, input)),
  conversation: memberProcedure
    .input(ConversationIdInputSchema)
    .query(({ ctx, input }) => conversations.getConversation(ctx.deps, ctx.actor, input)),
  list: memberProcedure.input(ListMessagesInputSchema).query(({ ctx, input }) => messages.listMessages(ctx.deps, ctx.actor, input)),
  start: memberProcedure
    .input(StartConversationInputSchema)
    .mutation(({ ctx, input }) => conversations.startConversation(ctx.deps, ctx.actor, input)),
  send: memberProcedure.input(SendMessageInputSchema).mutation(({ ctx, input }) => messages.sendMessage(ctx.deps, ctx.actor, input)),
  edit: memberProcedure.input(EditMessageInputSchema).mutation(({ ctx, input }) => messages.editMessage(ctx.deps, ctx.actor, input)),
  delete: memberProcedure.input(MessageIdInputSchema).mutation(({ ctx, input }) => messages.deleteMessage(ctx.deps, ctx.actor, input)),
  markRead: memberProcedure
    .input(ConversationIdInputSchema)
    .mutation(({ ctx, input }) => conversations.markConversationRead(ctx.deps, ctx.actor, input)),
  leave: memberProcedure
    .input(ConversationIdInputSchema)
    .mutation(({ ctx, input }) => conversations.leaveConversation(ctx.deps, ctx.actor, input)),
  archive: memberProcedure
    .input(ArchiveConversationInputSchema)
    .mutation(({ ctx, input }) => conversations.archiveConversation(ctx.deps, ctx.actor, input)),
  unread: memberProcedure.query(({ ctx }) => conversations.unreadMessages(ctx.deps, ctx.actor)),
  privacy: memberProcedure.query(({ ctx }) => privacy.getPrivacy(ctx.deps, ctx.actor)),
  setPrivacy: memberProcedure.input(PrivacySettingsSchema).mutation(({ ctx, input }) => privacy.setPrivacy(ctx.deps, ctx.actor, input)),
  blocks: memberProcedure.query(({ ctx }) => blocks.listBlocks(ctx.deps, ctx.actor)),
  block: memberProcedure
    .input(BlockInputSchema)
    .mutation(async ({ ctx, input }) => void (await blocks.blockMember(ctx.deps, ctx.actor, input))),
  unblock: memberProcedure.input(BlockInputSchema).mutation(({ ctx, input }) => blocks.unblockMember(ctx.deps, ctx.actor, input)),
  report: memberProcedure.input(ReportMessageInputSchema).mutation(({ ctx, input }) => reports.reportMessage(ctx.deps, ctx.actor, input)),
  reports: adminProcedure.input(ListReportsInputSchema).query(({ ctx, input }) => reports.listReports(ctx.deps, ctx.actor, input)),
  resolveReport: adminProcedure
    .input(ResolveReportInputSchema)
    .mutation(({ ctx, input }) => reports.resolveReport(ctx.deps, ctx.actor, input)),
});
