import {
  CONTRACTOR_MESSAGES,
  functionPath,
  LoginRequestSchema,
  MESSAGES,
  SignupRequestSchema,
  type LoginResponse,
  type SignupResponse,
} from '@leadmarket/contracts';
import {
  badRequest,
  clientIpOf,
  HttpError,
  contractorIdOf,
  hashPassword,
  tooManyRequests,
  unauthorized,
  verifyPassword,
  type ServiceApp,
  type ServiceContext,
} from '@leadmarket/platform';
import type { FastifyRequest } from 'fastify';
import type { ContractorsConfig } from '../config.js';
import { uniqueViolation } from '../db/unique-violation.js';
import { findByUsername, findContractor, findTakenKeys, toView } from '../db/contractor.repository.js';
import { checkSignup } from '../domain/profile-rules.js';
import { sessionTokenOf } from '../domain/session-token.js';
import type { Sessions } from '../use-cases/sessions.js';
import { registerContractor } from '../use-cases/signup.js';
import type { ContractorsDatabase } from '../db/database.js';

const userAgentOf = (request: FastifyRequest) =>
  typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null;

// Compared against when the username is unknown, so both answers take the same time.
/** Signup, login, auth check and logout. */
export function registerAuthRoutes(
  app: ServiceApp,
  ctx: ServiceContext<ContractorsDatabase>,
  config: ContractorsConfig,
  sessions: Sessions,
): void {
  // Checked when no contractor has the username, so a wrong username costs the same time as a wrong password.
  let dummyHash: Promise<string> | undefined;
  app.post(functionPath('contractors-signup'), async (request, reply) => {
    const body = SignupRequestSchema.parse(request.body ?? {});
    const checked = checkSignup(body);
    if (!checked.ok) throw badRequest(checked.violation.message, checked.violation.field);
    const signup = checked.signup;
    const taken = await findTakenKeys(ctx.db, signup.email, signup.username);
    if (taken.email) throw new HttpError(409, CONTRACTOR_MESSAGES.emailTaken, 'email');
    if (taken.username) throw new HttpError(409, CONTRACTOR_MESSAGES.usernameTaken, 'username');
    const password_hash = await hashPassword(signup.password, config.PASSWORD_HASH_COST);
    const smsOptIn = body.sms_opt_in === true;

    let result: Awaited<ReturnType<typeof registerContractor>>;
    try {
      result = await registerContractor(ctx, sessions, config.SIGNUP_CREDIT_HASH_SALT, {
        signup,
        passwordHash: password_hash,
        smsOptIn,
        ip: clientIpOf(request),
        userAgent: userAgentOf(request),
      });
    } catch (error) {
      const violated = uniqueViolation(error);
      if (violated?.includes('email')) throw new HttpError(409, CONTRACTOR_MESSAGES.emailTaken, 'email');
      if (violated?.includes('username')) throw new HttpError(409, CONTRACTOR_MESSAGES.usernameTaken, 'username');
      throw error;
    }
    const answer: SignupResponse = {
      success: true,
      contractor_id: result.contractorId,
      session_token: result.token,
      signup_credit: result.signupCredit,
      redirect_url: `/welcome?contractor_id=${encodeURIComponent(result.contractorId)}`,
      message: CONTRACTOR_MESSAGES.signupSuccess,
    };
    return reply.code(201).send(answer);
  });

  app.post(functionPath('contractor-login'), async (request) => {
    const body = LoginRequestSchema.parse(request.body ?? {});
    const username = body.username?.trim() ?? '';
    const password = body.password ?? '';
    if (!username || !password)
      throw badRequest(MESSAGES.contractor.requiredFields, !username ? 'username' : 'password');
    // Every attempt counts (fixed window), so a guesser cannot probe while locked out.
    const limit = await ctx.kv.hit(
      `contractors:login:${username.toLowerCase()}:${clientIpOf(request)}`,
      config.LOGIN_MAX_ATTEMPTS,
      config.LOGIN_WINDOW_SECONDS,
      'fixed',
    );
    if (!limit.allowed) throw tooManyRequests(CONTRACTOR_MESSAGES.loginLocked, limit.retryAfterSeconds);

    const contractor = await findByUsername(ctx.db, username);
    const ok = contractor
      ? await verifyPassword(password, contractor.password_hash)
      : (await verifyPassword(
          password,
          await (dummyHash ??= hashPassword('not-a-real-password', config.PASSWORD_HASH_COST)),
        ),
        false);
    if (!contractor || !ok) throw unauthorized(CONTRACTOR_MESSAGES.loginInvalid);
    const token = await sessions.open(ctx.db, contractor.id);
    const answer: LoginResponse = {
      success: true,
      session_token: token,
      contractor_id: contractor.id,
      redirect_url: `/contractor/${encodeURIComponent(contractor.id)}`,
      message: CONTRACTOR_MESSAGES.loginSuccess,
    };
    return answer;
  });

  app.post(functionPath('contractor-auth-check'), async (request) => {
    const contractor = await findContractor(ctx.db, contractorIdOf(request));
    if (!contractor) throw unauthorized();
    return { success: true, contractor: toView(contractor) };
  });

  app.post(functionPath('contractor-logout'), async (request) => {
    contractorIdOf(request);
    const token = sessionTokenOf({
      authorization: request.headers.authorization,
      body: request.body,
      query: request.query,
    });
    if (token) await sessions.close(token);
    return { success: true, message: CONTRACTOR_MESSAGES.logoutSuccess };
  });
}
