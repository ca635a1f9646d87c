import { Button } from './Button';
import { useI18n } from '../i18n/I18nProvider';
import { LANGUAGES } from '../i18n/translate';

/** 简体中文 | English, as two plain buttons: the signed-out pages' own, light enough for the login page. */
export function LanguageSwitch() {
  const { lang, setLanguage } = useI18n();
  return (
    <span role="group" aria-label="language">
      {LANGUAGES.map((l) => (
        <Button key={l.value} size="small" variant={l.value === lang ? 'primary' : 'text'} aria-pressed={l.value === lang} onClick={() => setLanguage(l.value)}>
          {l.label}
        </Button>
      ))}
    </span>
  );
}
