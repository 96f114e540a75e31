import * as z from 'zod';
import { PushSubscriptionIdSchema, PushSubscriptionInputSchema } from '../../../shared/schemas/push';
import { describeRoutes, IsoDateTime } from '../../platform/openapi';
import type { pushRoutes } from './rest';

const PushSubscriptionSchema = z
  .object({
    id: z.number().int(),
    created_at: IsoDateTime,
    user_agent: z.string().describe('The device, e.g. "Chrome 131 on macOS"'),
    session_id: z.string().describe('The signed-in device (GET /api/account/sessions id) it belongs to'),
    current: z.boolean().describe('This very device'),
  })
  .meta({ id: 'PushSubscription' });

const CreatedSchema = z.object({ id: z.number().int() }).meta({ id: 'PushSubscriptionId' });

/** The REST routes of issue 40, described for GET /api/openapi.json. */
export const pushRestDocs = describeRoutes<typeof pushRoutes>()('Push notifications', {
  'GET /api/push/key': {
    operationId: 'getPushKey',
    summary: "The VAPID public key (base64url) to subscribe this device's browser with",
    access: 'member',
    responses: { 200: z.object({ public_key: z.string() }).meta({ id: 'PushKey' }) },
  },
  'POST /api/push/subscriptions': {
    operationId: 'createPushSubscription',
    summary: "This device's push subscription (PushSubscription.toJSON()): 201 new, 200 the same endpoint updated",
    description:
      'One per device: it belongs to the session that sent it and goes when that session ends (sign-out, Settings > Signed-in devices, account deletion). 400 for a non-https endpoint or malformed keys.',
    access: 'member',
    body: PushSubscriptionInputSchema,
    responses: { 201: CreatedSchema, 200: CreatedSchema },
  },
  'GET /api/push/subscriptions': {
    operationId: 'listPushSubscriptions',
    summary: 'Her devices that receive push notifications (a bare list)',
    access: 'member',
    responses: { 200: z.array(PushSubscriptionSchema) },
  },
  'DELETE /api/push/subscriptions/:id': {
    operationId: 'deletePushSubscription',
    summary: 'Stop push notifications on one of her devices',
    access: 'member',
    params: PushSubscriptionIdSchema,
    responses: { 204: { description: 'Removed.' } },
    errors: [404],
  },
});
