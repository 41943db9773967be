import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { otpRequestBody } from '@/lib/contracts/auth';
import { getDb } from '@/lib/server/db/client';
import { assertBusiness, otpRequestMessage, requestContext, requestOtp } from '@/lib/server/services/accounts';

export const config = { api: { bodyParser: false } };

export default route({
  POST: endpoint({
    query: businessQuery,
    body: otpRequestBody,
    handle: async ({ req, body }) => {
      assertBusiness(body.business);
      const data = await requestOtp(await getDb(), body.email, requestContext(req));
      return { data, message: otpRequestMessage(body.email) };
    },
  }),
});
