import { AuditLogListInputSchema } from '../../../shared/schemas/audit-log';
import { ChangePrivilegeInputSchema, IdInputSchema, ListUsersInputSchema, SetAdminInputSchema } from '../../../shared/schemas/membership';
import { adminProcedure, router } from '../../platform/trpc';
import * as auditLog from './audit-log';
import * as users from './users';
import { adminDeleteUser } from '../account/delete-account';
import { AdminDeleteUserInputSchema } from '../../../shared/schemas/account';
import { RenewMembershipInputSchema } from '../../../shared/schemas/membership-terms';
import { renewalsOverview, renewMembership } from '../membership/terms';

/** User management and the audit log: thin adapters over users.ts and audit-log.ts (the REST twins are in rest.ts). */
export const adminRouter = router({
  users: router({
    list: adminProcedure.input(ListUsersInputSchema).query(({ ctx, input }) => users.listUsers(ctx.deps, ctx.actor, input)),
    profile: adminProcedure.input(IdInputSchema).query(({ ctx, input }) => users.getMemberProfile(ctx.deps, ctx.actor, input)),
    changePrivilege: adminProcedure
      .input(ChangePrivilegeInputSchema)
      .mutation(({ ctx, input }) => users.changePrivilege(ctx.deps, ctx.actor, input)),
    setAdmin: adminProcedure.input(SetAdminInputSchema).mutation(({ ctx, input }) => users.setAdmin(ctx.deps, ctx.actor, input)),
    resetPasswordToTemp: adminProcedure
      .input(IdInputSchema)
      .mutation(({ ctx, input }) => users.resetPasswordToTemp(ctx.deps, ctx.actor, input)),
    renew: adminProcedure.input(RenewMembershipInputSchema).mutation(({ ctx, input }) => renewMembership(ctx.deps, ctx.actor, input)),
    renewalsOverview: adminProcedure.query(({ ctx }) => renewalsOverview(ctx.deps, ctx.actor)),
    delete: adminProcedure.input(AdminDeleteUserInputSchema).mutation(({ ctx, input }) => adminDeleteUser(ctx.deps, ctx.actor, input)),
  }),
  auditLog: router({
    list: adminProcedure
      .input(AuditLogListInputSchema)
      .query(({ ctx, input }) => auditLog.listAuditLog(ctx.deps, ctx.actor, input, ctx.meta)),
    filters: adminProcedure.query(({ ctx }) => auditLog.auditLogFilters(ctx.deps, ctx.actor, ctx.meta)),
  }),
});
