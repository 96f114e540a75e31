import {
  HideHomeInputSchema,
  HomeFieldsSchema,
  HomeIdInputSchema,
  ListHomesInputSchema,
  ListStaysInputSchema,
  RequestStayInputSchema,
  UpdateHomeInputSchema,
  UpdateStayInputSchema,
} from '../../../shared/schemas/homes';
import { adminProcedure, memberProcedure, router } from '../../platform/trpc';
import * as homesService from './homes';
import * as staysService from './stays';

/** Thin adapters: homes.ts and stays.ts decide who may do what; every procedure is for members. */
export const homesRouter = router({
  list: memberProcedure.input(ListHomesInputSchema).query(({ ctx, input }) => homesService.listHomes(ctx.deps, ctx.actor, input)),
  get: memberProcedure.input(HomeIdInputSchema).query(({ ctx, input }) => homesService.getHome(ctx.deps, ctx.actor, input)),
  create: memberProcedure.input(HomeFieldsSchema).mutation(({ ctx, input }) => homesService.createHome(ctx.deps, ctx.actor, input)),
  update: memberProcedure.input(UpdateHomeInputSchema).mutation(({ ctx, input }) => homesService.updateHome(ctx.deps, ctx.actor, input)),
  delete: memberProcedure.input(HomeIdInputSchema).mutation(({ ctx, input }) => homesService.deleteHome(ctx.deps, ctx.actor, input)),
  setHidden: adminProcedure.input(HideHomeInputSchema).mutation(({ ctx, input }) => homesService.setHomeHidden(ctx.deps, ctx.actor, input)),
  hostingSummary: memberProcedure.query(({ ctx }) => homesService.hostingSummary(ctx.deps, ctx.actor)),
  requestStay: memberProcedure
    .input(RequestStayInputSchema)
    .mutation(({ ctx, input }) => staysService.requestStay(ctx.deps, ctx.actor, input)),
  stays: memberProcedure.input(ListStaysInputSchema).query(({ ctx, input }) => staysService.listStays(ctx.deps, ctx.actor, input)),
  updateStay: memberProcedure
    .input(UpdateStayInputSchema)
    .mutation(({ ctx, input }) => staysService.updateStay(ctx.deps, ctx.actor, input)),
});
