import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type * as z from 'zod';
import type {
  CircleProposalDto,
  DecideProposalInputSchema,
  ListProposalsInputSchema,
  ProposeCircleInputSchema,
} from '../../../shared/schemas/circles';
import type { Page } from '../../../shared/schemas/page';
import { circleProposals, circles } from '../../db/schema/circles';
import { users } from '../../db/schema/users';
import type { Actor, MemberActor } from '../../platform/actor';
import { AppError } from '../../platform/app-error';
import { auditEntry } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { requireAdmin, requireMember } from '../../platform/guards';
import { decodeCursor, pageSize, toPage } from '../../platform/keyset';
import { memberPhotoSql } from '../members/member-refs';
import { limitCircleWrites, personOf } from './circle-rows';
import { insertCircle } from './circles';

/*
 * A member proposes a circle (name, description, why); an admin accepts it (the circle is made,
 * open, hosted by her) or declines it. Each proposal is decided once (409 after).
 */

function proposalColumns(me: MemberActor) {
  return {
    proposal: circleProposals,
    proposerName: sql<string | null>`${users.name}`.as('proposer_name'),
    proposerPhoto: memberPhotoSql(me, circleProposals.proposedBy).as('proposer_photo'),
    circleSlug: sql<string | null>`${circles.slug}`.as('circle_slug'),
    circleName: sql<string | null>`${circles.name}`.as('circle_name'),
  };
}

function proposalsOf(deps: Deps, me: MemberActor) {
  return deps.db
    .select(proposalColumns(me))
    .from(circleProposals)
    .leftJoin(users, eq(users.id, circleProposals.proposedBy))
    .leftJoin(circles, eq(circles.id, circleProposals.circleId));
}
type ProposalRow = Awaited<ReturnType<ReturnType<typeof proposalsOf>['all']>>[number];

function toDto(r: ProposalRow): CircleProposalDto {
  const p = r.proposal;
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    reason: p.reason,
    status: p.status,
    proposed_by: personOf(p.proposedBy, r.proposerName, r.proposerPhoto),
    created_at: new Date(p.createdAt).toISOString(),
    decided_at: p.decidedAt === null ? null : new Date(p.decidedAt).toISOString(),
    circle: p.circleId !== null && r.circleSlug !== null ? { id: p.circleId, slug: r.circleSlug, name: r.circleName ?? p.name } : null,
  };
}

async function proposalById(deps: Deps, me: MemberActor, id: number): Promise<CircleProposalDto> {
  const [row] = await proposalsOf(deps, me).where(eq(circleProposals.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', /*i18n*/ 'Proposal not found.');
  return toDto(row);
}

/** POST /api/circle-proposals (any member): 201 with the proposal, waiting for an admin. */
export async function proposeCircle(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof ProposeCircleInputSchema>,
): Promise<CircleProposalDto> {
  const me = requireMember(actor);
  await limitCircleWrites(deps, me);
  const [row] = await deps.db
    .insert(circleProposals)
    .values({ name: input.name, description: input.description, reason: input.reason, proposedBy: me.id, createdAt: deps.now() })
    .returning({ id: circleProposals.id });
  return proposalById(deps, me, row!.id);
}

/** GET /api/admin/circle-proposals: newest first (circle_proposals_status_idx with a status). */
export async function listProposals(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof ListProposalsInputSchema>,
): Promise<Page<CircleProposalDto>> {
  const me = requireAdmin(actor);
  const size = pageSize(input.limit);
  const after = decodeCursor(input.cursor, ['n']) as [number] | undefined;
  const rows = await proposalsOf(deps, me)
    .where(and(input.status ? eq(circleProposals.status, input.status) : undefined, after ? lt(circleProposals.id, after[0]) : undefined))
    .orderBy(desc(circleProposals.id))
    .limit(size + 1);
  return toPage(rows, size, (r) => [r.proposal.id], toDto);
}

/** POST /api/admin/circle-proposals/{id} {accept}: accepted, the circle is made and she hosts it. */
export async function decideProposal(
  deps: Deps,
  actor: Actor,
  input: z.output<typeof DecideProposalInputSchema>,
): Promise<CircleProposalDto> {
  const me = requireAdmin(actor);
  const [proposal] = await deps.db.select().from(circleProposals).where(eq(circleProposals.id, input.id)).limit(1);
  if (!proposal) throw new AppError('NOT_FOUND', /*i18n*/ 'Proposal not found.');
  if (proposal.status !== 'pending') throw new AppError('CONFLICT', /*i18n*/ 'This proposal was already decided.');
  const now = deps.now();
  const pending = and(eq(circleProposals.id, proposal.id), eq(circleProposals.status, 'pending'));
  if (input.accept) {
    await insertCircle(deps, { name: proposal.name, description: proposal.description, join: 'open' }, proposal.proposedBy, (circleId) => [
      deps.db.update(circleProposals).set({ status: 'accepted', decidedBy: me.id, decidedAt: now, circleId }).where(pending),
      auditEntry(deps, me, 'circle_proposal.accept', { type: 'circle_proposal', id: proposal.id }, { name: proposal.name }),
    ]);
  } else {
    await deps.db.batch([
      deps.db.update(circleProposals).set({ status: 'declined', decidedBy: me.id, decidedAt: now }).where(pending),
      auditEntry(deps, me, 'circle_proposal.decline', { type: 'circle_proposal', id: proposal.id }, { name: proposal.name }),
    ]);
  }
  return proposalById(deps, me, proposal.id);
}
