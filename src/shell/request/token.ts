import { settings } from '../../contract/settings';

/** The access token, kept in the configured browser storage under the spec's key. */
function storage(): Storage {
  return settings.storage === 'sessionStorage' ? sessionStorage : localStorage;
}

export function getToken(): string | null {
  return storage().getItem(settings.tokenTableName);
}

export function setToken(token: string): void {
  storage().setItem(settings.tokenTableName, token);
}

export function removeToken(): void {
  storage().removeItem(settings.tokenTableName);
}
