import { Type, EnvelopeOf, type Static } from '../schema';
import { settings } from '../settings';

export const LoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const TokenData = Type.Object({ [settings.tokenName]: Type.String() });
export type TokenData = Static<typeof TokenData>;
export const TokenAnswer = EnvelopeOf(TokenData);

export interface MenuItem {
  path: string;
  name: string;
  icon: string;
  hidden: boolean;
  vue_path: string;
  title: { zh: string; en: string };
  permission: string;
  children: MenuItem[];
}

export const MenuItemSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      path: Type.String(),
      name: Type.String(),
      icon: Type.String(),
      hidden: Type.Boolean(),
      vue_path: Type.String(),
      title: Type.Object({ zh: Type.String(), en: Type.String() }),
      permission: Type.String(),
      children: Type.Array(Self),
    }),
  { $id: 'MenuItem' },
);

export const TeamInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Integer({ description: '1 asks prices; 2 quotes (cloud team); 3 operation team' }),
});
export type TeamInfo = Static<typeof TeamInfo>;

export const UserInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  logo: Type.String(),
});
export type UserInfo = Static<typeof UserInfo>;

export const IndexInitData = Type.Object({
  user_info: UserInfo,
  role: Type.Array(Type.String()),
  role_type: Type.Array(Type.String()),
  permission: Type.Array(Type.String()),
  team: TeamInfo,
  menu: Type.Array(MenuItemSchema),
});
export type IndexInitData = Omit<Static<typeof IndexInitData>, 'menu'> & { menu: MenuItem[] };
export const IndexInitAnswer = EnvelopeOf(IndexInitData);
