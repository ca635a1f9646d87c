import { Type, type Static } from '../schema';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, patterns } from '../validators';
import { TeamInfo } from './auth';

const Password = Type.String({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH });
const Mobile = Type.String({ pattern: patterns.mobile });
const SmsCode = Type.String({ pattern: patterns.smsCode });

export const CodeScene = Type.Union([Type.Literal('register'), Type.Literal('reset')]);
export type CodeScene = Static<typeof CodeScene>;

export const SendCodeBody = Type.Object({ mobile: Mobile, scene: CodeScene }, { additionalProperties: false });
export type SendCodeBody = Static<typeof SendCodeBody>;
export const SendCodeData = Type.Object({
  /** Seconds before another code may be asked for. */
  retry_after: Type.Integer(),
  /** Only in demo mode, so a new user can try the flow without a phone. */
  demo_code: Type.Optional(Type.String()),
});
export type SendCodeData = Static<typeof SendCodeData>;

export const RegisterBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
    password: Password,
    mobile: Mobile,
    code: SmsCode,
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const ResetPasswordBody = Type.Object({ mobile: Mobile, code: SmsCode, password: Password }, { additionalProperties: false });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const ChangePasswordBody = Type.Object(
  { old_password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }), password: Password },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const UnlockBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }) }, { additionalProperties: false });
export type UnlockBody = Static<typeof UnlockBody>;

export const SessionInfo = Type.Object({
  id: Type.Integer(),
  ip: Type.String(),
  user_agent: Type.String(),
  /** Browser and system read from the user agent ("Chrome 131 · Windows 10"); '' when it names neither. */
  device: Type.String(),
  created_at: Type.Integer(),
  last_seen_at: Type.Integer(),
  current: Type.Boolean(),
});
export type SessionInfo = Static<typeof SessionInfo>;
export const SessionList = Type.Object({ rows: Type.Array(SessionInfo) });

export const EndSessionBody = Type.Object(
  {
    /** One session of the caller; omitted with `others` to end every other session. */
    id: Type.Optional(Type.Integer()),
    others: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type EndSessionBody = Static<typeof EndSessionBody>;

export const AdminEndSessionsBody = Type.Object({ user_id: Type.Integer() }, { additionalProperties: false });
export const UserStatusBody = Type.Object(
  { user_id: Type.Integer(), status: Type.Union([Type.Literal(0), Type.Literal(1)]) },
  { additionalProperties: false },
);

export const QrCreateData = Type.Object({ qr_id: Type.String(), expires_at: Type.Integer() });
export type QrCreateData = Static<typeof QrCreateData>;
export const QrIdBody = Type.Object({ qr_id: Type.String({ minLength: 16, maxLength: 128 }) }, { additionalProperties: false });
export type QrIdBody = Static<typeof QrIdBody>;
export const QrStatusData = Type.Object({
  status: Type.Union([Type.Literal('pending'), Type.Literal('confirmed'), Type.Literal('expired')]),
  /** The access token, once, when the request was confirmed. */
  token: Type.Optional(Type.String()),
});
export type QrStatusData = Static<typeof QrStatusData>;
export const QrInfoData = Type.Object({
  ip: Type.String(),
  user_agent: Type.String(),
  /** The asking browser and system by name ("Chrome 131 · Windows 10"), as sessions name devices; '' when unreadable. */
  device: Type.String(),
  created_at: Type.Integer(),
  expires_at: Type.Integer(),
  status: Type.String(),
});
export type QrInfoData = Static<typeof QrInfoData>;

export const ProfileData = Type.Object({
  username: Type.String(),
  name: Type.String(),
  logo: Type.String(),
  mobile: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  team: TeamInfo,
  /** Role codes, as index-init gives them. */
  role: Type.Array(Type.String()),
  /** Display names of the same roles, in the same order. */
  role_name: Type.Array(Type.String()),
  department: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.Integer(),
});
export type ProfileData = Static<typeof ProfileData>;

export const ProfileUpdateBody = Type.Object(
  {
    /** Trimmed before it is stored; blank is refused. */
    name: Type.String({ minLength: 1, maxLength: 32 }),
    /** Left as it is when omitted; '' clears it. */
    email: Type.Optional(Type.String({ maxLength: 254, pattern: `^$|${patterns.email}` })),
  },
  { additionalProperties: false },
);
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;

export const AvatarData = Type.Object({ logo: Type.String() });
export type AvatarData = Static<typeof AvatarData>;
