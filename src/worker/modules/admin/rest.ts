import { adminDeleteUser } from '../account/delete-account';
import { AdminDeleteUserInputSchema } from '../../../shared/schemas/account';
import { Hono } from 'hono';
import { AuditLogListInputSchema } from '../../../shared/schemas/audit-log';
import { ChangePrivilegeInputSchema, IdInputSchema, ListUsersInputSchema, SetAdminInputSchema } from '../../../shared/schemas/membership';
import { parseInput } from '../../platform/app-error';
import type { AppEnv } from '../../platform/hono-env';
import { pageQuery, restPage } from '../../platform/link-header';
import { jsonBodyWith } from '../../platform/json-body';
import { actorOf, requestMeta } from '../../platform/request-actor';
import { attachmentResponse } from '../../platform/attachment';
import * as auditLog from './audit-log';
import * as users from './users';
import { admins } from '../../platform/rest-guards';
import { RenewMembershipInputSchema } from '../../../shared/schemas/membership-terms';
import { renewMembership } from '../membership/terms';
import { exportRoster } from './roster-export';

/** SPEC 7 "Admin" user calls and the audit log: thin adapters over users.ts and audit-log.ts (the tRPC twin is router.ts). */
export const adminRoutes = new Hono<AppEnv>()
  // SPEC 7's answer stays a bare list; the next page is in the Link header (issue 13).
  .get('/api/users', admins, async (c) => {
    const input = parseInput(ListUsersInputSchema, { search: c.req.query('search'), status: c.req.query('status'), ...pageQuery(c) });
    return c.json((await restPage(c, (deps, actor) => users.listUsers(deps, actor, input))).items);
  })
  .get('/api/users/:id', admins, async (c) =>
    c.json(await users.getMemberProfile(c.get('deps'), await actorOf(c), parseInput(IdInputSchema, { id: c.req.param('id') }))),
  )
  .put('/api/users/:id/privilege', admins, async (c) => {
    const input = await jsonBodyWith(c, ChangePrivilegeInputSchema, { id: c.req.param('id') });
    return c.json(await users.changePrivilege(c.get('deps'), await actorOf(c), input));
  })
  .put('/api/users/:id/membership', admins, async (c) => {
    const input = await jsonBodyWith(c, RenewMembershipInputSchema, { id: c.req.param('id') });
    return c.json(await renewMembership(c.get('deps'), await actorOf(c), input));
  })
  .put('/api/users/:id/admin', admins, async (c) => {
    const input = await jsonBodyWith(c, SetAdminInputSchema, { id: c.req.param('id') });
    return c.json(await users.setAdmin(c.get('deps'), await actorOf(c), input));
  })
  // SPEC's {password} body is not used: the server makes the temporary password.
  .put('/api/users/:id/reset-password-to-temp', admins, async (c) => {
    const input = parseInput(IdInputSchema, { id: c.req.param('id') });
    return c.json(await users.resetPasswordToTemp(c.get('deps'), await actorOf(c), input));
  })
  .delete('/api/users/:id', admins, async (c) => {
    const input = parseInput(AdminDeleteUserInputSchema, { userId: c.req.param('id') });
    return c.json(await adminDeleteUser(c.get('deps'), await actorOf(c), input));
  })
  .get('/api/admin/members.csv', admins, async (c) => {
    const { filename, stream } = await exportRoster(c.get('deps'), await actorOf(c));
    return attachmentResponse(stream, filename, 'text/csv; charset=utf-8');
  })
  .get('/api/admin/audit-log', admins, async (c) => {
    const input = parseInput(AuditLogListInputSchema, c.req.query());
    return c.json((await restPage(c, (deps, actor) => auditLog.listAuditLog(deps, actor, input, requestMeta(c)))).items);
  })
  .get('/api/admin/audit-log/filters', admins, async (c) =>
    c.json(await auditLog.auditLogFilters(c.get('deps'), await actorOf(c), requestMeta(c))),
  );
