import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { otpRequestBody } from '@/lib/contracts/auth';
import { otpRequestMessage, requestContext, requestOtp } from '@/lib/server/services/accounts/auth';

export const config = { api: { bodyParser: false } };

export default route({
  POST: endpoint({
    query: businessQuery,
    body: otpRequestBody,
    handle: async ({ db, req, body }) => {
      const data = await requestOtp(db, body.email, requestContext(req));
      return { data, message: otpRequestMessage(body.email) };
    },
  }),
});
