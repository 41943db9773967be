import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { otpValidateBody } from '@/lib/contracts/auth';
import { requestContext, validateOtp } from '@/lib/server/services/accounts/auth';

export const config = { api: { bodyParser: false } };

export default route({
  POST: endpoint({
    query: businessQuery,
    body: otpValidateBody,
    handle: async ({ db, req, body }) => {
      const { user, message } = await validateOtp(db, body.email, body.code, requestContext(req));
      return { data: user, message };
    },
  }),
});
