import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { otpValidateBody } from '@/lib/contracts/auth';
import { getDb } from '@/lib/server/db/client';
import { assertBusiness, requestContext, validateOtp } from '@/lib/server/services/accounts';

export const config = { api: { bodyParser: false } };

export default route({
  POST: endpoint({
    query: businessQuery,
    body: otpValidateBody,
    handle: async ({ req, body }) => {
      assertBusiness(body.business);
      const { user, message } = await validateOtp(await getDb(), body.email, body.code, requestContext(req));
      return { data: user, message };
    },
  }),
});
