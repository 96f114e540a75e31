import { Hono } from 'hono';
import { MAX_IMAGE_BYTES } from '../../shared/constants';
import { DeleteImagesInputSchema, EventImagesInputSchema, TOO_LARGE_MESSAGE, UpdateImageFieldsSchema, UploadImageFieldsSchema } from '../../shared/schemas/images';
import { IdSchema } from '../../shared/schemas/common';
import type { AppEnv } from '../hono-env';
import { AppError, parseInput } from '../lib/app-error';
import { countingDeps } from '../mail/d1-round-trips';
import { actorOf } from '../request-actor';
import * as imageService from '../services/images';
import { jsonBody } from './body';

/** The whole multipart request: an original of up to 15 MB plus its display size and thumbnail. */
const MAX_UPLOAD_REQUEST = MAX_IMAGE_BYTES * 2 + 1024 * 1024;

/** SPEC 7 "Images" and the members-only bytes: thin adapters over services/images.ts. */
export const imagesRoutes = new Hono<AppEnv>()
  .get('/api/images', async (c) => {
    const actor = await actorOf(c);
    // The whole gallery in one D1 round trip, shown in Server-Timing (the bench holds it).
    const counted = countingDeps(c.get('deps'));
    const list = await imageService.listImages(counted.deps, actor);
    c.header('Server-Timing', `d1;desc="D1 round trips: ${counted.roundTrips()}"`);
    return c.json(list);
  })
  .get('/api/images/event/:id', async (c) => {
    const { eventId } = parseInput(EventImagesInputSchema, { eventId: c.req.param('id') });
    return c.json(await imageService.listImages(c.get('deps'), await actorOf(c), { eventId }));
  })
  .get('/api/images/:id', async (c) => {
    const id = parseInput(IdSchema, c.req.param('id'));
    return c.json(await imageService.getImage(c.get('deps'), await actorOf(c), id));
  })
  .put('/api/images/:id', async (c) => {
    const id = parseInput(IdSchema, c.req.param('id'));
    const fields = await jsonBody(c, UpdateImageFieldsSchema);
    return c.json(await imageService.updateImage(c.get('deps'), await actorOf(c), { ...fields, id }));
  })
  .post('/api/delete-images', async (c) => {
    const input = await jsonBody(c, DeleteImagesInputSchema);
    const result = await imageService.deleteImages(c.get('deps'), await actorOf(c), input);
    return c.json({ ok: true, ...result });
  })
  .post('/upload-image', async (c) => {
    // Who is asking comes before reading a body of up to 30 MB.
    const actor = await actorOf(c);
    if (actor.kind !== 'member') throw new AppError('UNAUTHORIZED', 'Please log in.');
    const length = Number(c.req.header('Content-Length') ?? 0);
    if (length > MAX_UPLOAD_REQUEST) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw new AppError('BAD_REQUEST', 'Send the image as multipart/form-data.');
    }
    const text = (name: string) => {
      const v = form.get(name);
      return typeof v === 'string' ? v : undefined;
    };
    const fields = parseInput(UploadImageFieldsSchema, {
      title: text('title'),
      description: text('description'),
      tags: form.getAll('tags').length > 1 ? form.getAll('tags').filter((t) => typeof t === 'string') : text('tags'),
      associated_event_id: text('associated_event_id'),
      event_id: text('event_id'),
    });
    const image = await imageService.uploadImage(c.get('deps'), actor, {
      fields,
      image: form.get('image'),
      display: form.get('display'),
      thumbnail: form.get('thumbnail'),
    });
    return c.json(image, 201);
  })
  .on(['GET', 'HEAD'], '/images/:key', async (c) => imageService.serveImage(c.get('deps'), await actorOf(c), c.req.param('key'), c.req.raw));
