import { Button } from 'antd';
import { useI18n } from './I18nProvider';
import { LANGUAGES } from './translate';

/** 简体中文 | English, as two plain buttons: light enough for the login page's budget. */
export function LanguageSwitch() {
  const { lang, setLanguage } = useI18n();
  return (
    <span role="group" aria-label="language">
      {LANGUAGES.map((l) => (
        <Button
          key={l.value}
          size="small"
          type={l.value === lang ? 'primary' : 'text'}
          ghost={false}
          aria-pressed={l.value === lang}
          onClick={() => setLanguage(l.value)}
        >
          {l.label}
        </Button>
      ))}
    </span>
  );
}
