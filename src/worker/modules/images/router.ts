import {
  DeleteImagesInputSchema,
  EventImagesInputSchema,
  ImageIdInputSchema,
  ListImagesInputSchema,
  UpdateImageInputSchema,
} from '../../../shared/schemas/images';
import * as imageService from './images';
import { memberProcedure, router } from '../../platform/trpc';

// Uploads go to POST /upload-image and videos to /api/videos/uploads in parts (video-rest.ts), as bytes
// with upload progress; everything else is here, for videos as for images.
export const imagesRouter = router({
  list: memberProcedure
    .input(ListImagesInputSchema.optional())
    .query(({ ctx, input }) => imageService.listImages(ctx.deps, ctx.actor, input)),
  byEvent: memberProcedure.input(EventImagesInputSchema).query(({ ctx, input }) => imageService.listImages(ctx.deps, ctx.actor, input)),
  byId: memberProcedure.input(ImageIdInputSchema).query(({ ctx, input }) => imageService.getImage(ctx.deps, ctx.actor, input.id)),
  eventOptions: memberProcedure.query(({ ctx }) => imageService.listEventOptions(ctx.deps, ctx.actor)),
  update: memberProcedure.input(UpdateImageInputSchema).mutation(({ ctx, input }) => imageService.updateImage(ctx.deps, ctx.actor, input)),
  delete: memberProcedure
    .input(DeleteImagesInputSchema)
    .mutation(({ ctx, input }) => imageService.deleteImages(ctx.deps, ctx.actor, input)),
});
