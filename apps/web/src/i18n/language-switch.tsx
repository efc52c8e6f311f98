import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../api/client';
import { keys } from '../api/keys';
import { useAuth } from '../auth/auth-context';
import { useMe } from '../auth/use-me';
import { ErrorView } from '../components/status';
import { chooseLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from './i18n';
import './language-switch.css';

/** Saves the account's language (PATCH /api/me) and puts the answer in the `me` cache. */
export function useSetAccountLanguage() {
  const { token } = useAuth();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (locale: Language) => unwrap(api.PATCH('/api/me', { body: { locale } })),
    onSuccess: (me) => qc.setQueryData(keys.me.of(token), me),
  });
}

/** A signed-in player's page speaks their account's language (once `GET /api/me` has answered). */
export function useAccountLanguage(): void {
  const me = useMe();
  const locale = me.data?.locale;
  useEffect(() => {
    if (isLanguage(locale)) chooseLanguage(locale);
  }, [locale]);
}

/**
 * The header's language switch, for everyone: each language named in itself ("English", "Español"); a
 * signed-in player's choice is saved in their account too (e-mails, notifications and error messages follow it).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { token } = useAuth();
  const save = useSetAccountLanguage();
  useAccountLanguage();
  const pick = (lang: Language) => {
    chooseLanguage(lang);
    if (token) save.mutate(lang);
  };
  return (
    <div className="language-switch" role="group" aria-label={t('shell.language')}>
      {LANGUAGES.map((lang) => (
        <button key={lang} type="button" lang={lang} className="link-button" aria-pressed={i18n.language === lang} onClick={() => pick(lang)}>
          {LANGUAGE_NAMES[lang]}
        </button>
      ))}
    </div>
  );
}

/** The account settings' language choice (saved at once, PATCH /api/me). */
export function LanguageSettings() {
  const { t, i18n } = useTranslation();
  const save = useSetAccountLanguage();
  const pick = (lang: Language) => {
    chooseLanguage(lang);
    save.mutate(lang);
  };
  return (
    <section aria-labelledby="language-h" className="card settings-section">
      <h2 id="language-h">{t('settings.languageTitle')}</h2>
      <fieldset className="plain">
        <legend className="muted">{t('settings.languageHelp')}</legend>
        {LANGUAGES.map((lang) => (
          <label key={lang} className="check" lang={lang}>
            <input type="radio" name="account-language" checked={i18n.language === lang} disabled={save.isPending} onChange={() => pick(lang)} /> {LANGUAGE_NAMES[lang]}
          </label>
        ))}
      </fieldset>
      {save.isSuccess && <p role="status">{t('settings.saved')}</p>}
      {save.isError && <ErrorView error={save.error} title={t('settings.notSaved')} />}
    </section>
  );
}
