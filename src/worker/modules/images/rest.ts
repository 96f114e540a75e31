import { Hono } from 'hono';
import {
  DeleteImagesInputSchema,
  EventImagesInputSchema,
  ListImagesInputSchema,
  UpdateImageFieldsSchema,
  UploadImageFieldsSchema,
} from '../../../shared/schemas/images';
import { IdSchema } from '../../../shared/schemas/common';
import type { AppEnv } from '../../platform/hono-env';
import { parseInput } from '../../platform/app-error';
import { withRoundTrips } from '../../platform/d1-round-trips';
import { pageQuery, setNextLink } from '../../platform/link-header';
import { actorOf } from '../../platform/request-actor';
import * as imageService from './images';
import type { UploadImageInput } from './images';
import { jsonBody } from '../../platform/json-body';
import { formText, readForm } from '../../platform/multipart';
import { members } from '../../platform/rest-guards';

/** The upload form's text fields, checked by their shared schema (images and videos alike). */
export function uploadFields(form: FormData) {
  const tags = form.getAll('tags');
  return parseInput(UploadImageFieldsSchema, {
    title: formText(form, 'title'),
    description: formText(form, 'description'),
    tags: tags.length > 1 ? tags.filter((t) => typeof t === 'string') : formText(form, 'tags'),
    associated_event_id: formText(form, 'associated_event_id'),
    event_id: formText(form, 'event_id'),
    context: formText(form, 'context'),
  });
}

/** multipart/form-data to the service's upload input. */
async function readUploadForm(req: Request, maxBytes: number): Promise<UploadImageInput> {
  const form = await readForm(req, maxBytes);
  return { fields: uploadFields(form), image: form.get('image'), display: form.get('display'), thumbnail: form.get('thumbnail') };
}

/** SPEC 7 "Images" and the members-only bytes: thin adapters over images.ts. */
export const imagesRoutes = new Hono<AppEnv>()
  // SPEC 7's answers stay bare lists: the next page is in the Link header (issue 13).
  .get('/api/images', members, async (c) => {
    const input = parseInput(ListImagesInputSchema, { tag: c.req.query('tag'), ...pageQuery(c) });
    const actor = await actorOf(c);
    // A page in one D1 round trip, shown in Server-Timing (the bench holds it).
    const page = await withRoundTrips(c, (deps) => imageService.listImages(deps, actor, input));
    setNextLink(c, page.nextCursor);
    return c.json(page.items);
  })
  .get('/api/images/event/:id', members, async (c) => {
    const input = parseInput(EventImagesInputSchema, { eventId: c.req.param('id'), tag: c.req.query('tag'), ...pageQuery(c) });
    const actor = await actorOf(c);
    const page = await withRoundTrips(c, (deps) => imageService.listImages(deps, actor, input));
    setNextLink(c, page.nextCursor);
    return c.json(page.items);
  })
  .get('/api/images/:id', members, async (c) => {
    const id = parseInput(IdSchema, c.req.param('id'));
    return c.json(await imageService.getImage(c.get('deps'), await actorOf(c), id));
  })
  .put('/api/images/:id', members, async (c) => {
    const id = parseInput(IdSchema, c.req.param('id'));
    const fields = await jsonBody(c, UpdateImageFieldsSchema);
    return c.json(await imageService.updateImage(c.get('deps'), await actorOf(c), { ...fields, id }));
  })
  .post('/api/delete-images', members, async (c) => {
    const input = await jsonBody(c, DeleteImagesInputSchema);
    const result = await imageService.deleteImages(c.get('deps'), await actorOf(c), input);
    return c.json({ ok: true, ...result });
  })
  .post('/upload-image', members, async (c) =>
    c.json(
      await imageService.uploadImage(c.get('deps'), await actorOf(c), {
        contentLength: Number(c.req.header('Content-Length') ?? 0),
        read: (maxBytes) => readUploadForm(c.req.raw, maxBytes),
      }),
      201,
    ),
  )
  .on(['GET', 'HEAD'], '/images/:key', async (c) =>
    imageService.serveImage(c.get('deps'), await actorOf(c), c.req.param('key'), c.req.raw),
  );
