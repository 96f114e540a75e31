import { Hono } from 'hono';
import { CreateVideoUploadSchema, VideoFactsSchema, VideoPartNumberSchema, VideoUploadIdSchema } from '../../../shared/schemas/images';
import { parseInput } from '../../platform/app-error';
import { readBytesWithin } from '../../platform/body-limit';
import type { AppEnv } from '../../platform/hono-env';
import { jsonBody } from '../../platform/json-body';
import { actorOf } from '../../platform/request-actor';
import { formText, readForm } from '../../platform/multipart';
import { uploadFields } from './rest';
import * as videoService from './video-uploads';
import { members } from '../../platform/rest-guards';

/**
 * Video uploads in parts (issue 15, ADR 0011): thin adapters over video-uploads.ts. REST only, like
 * POST /upload-image: the parts are raw bytes, and the browser sends them with upload progress.
 */
export const videoRoutes = new Hono<AppEnv>()
  .post('/api/videos/uploads', members, async (c) =>
    c.json(await videoService.createVideoUpload(c.get('deps'), await actorOf(c), await jsonBody(c, CreateVideoUploadSchema)), 201),
  )
  .put('/api/videos/uploads/:id/parts/:part', members, async (c) =>
    c.json(
      await videoService.uploadVideoPart(c.get('deps'), await actorOf(c), {
        id: parseInput(VideoUploadIdSchema, c.req.param('id')),
        part: parseInput(VideoPartNumberSchema, c.req.param('part')),
        read: (maxBytes) => readBytesWithin(c.req.raw, maxBytes),
      }),
    ),
  )
  .post('/api/videos/uploads/:id/complete', members, async (c) =>
    c.json(
      await videoService.completeVideoUpload(c.get('deps'), await actorOf(c), {
        id: parseInput(VideoUploadIdSchema, c.req.param('id')),
        contentLength: Number(c.req.header('Content-Length') ?? 0),
        read: async (maxBytes) => {
          const form = await readForm(c.req.raw, maxBytes);
          const facts = parseInput(VideoFactsSchema, {
            width: formText(form, 'width'),
            height: formText(form, 'height'),
            duration: formText(form, 'duration'),
          });
          return { fields: uploadFields(form), facts, display: form.get('display'), thumbnail: form.get('thumbnail') };
        },
      }),
      201,
    ),
  )
  .delete('/api/videos/uploads/:id', members, async (c) =>
    c.json(await videoService.abortVideoUpload(c.get('deps'), await actorOf(c), parseInput(VideoUploadIdSchema, c.req.param('id')))),
  );
