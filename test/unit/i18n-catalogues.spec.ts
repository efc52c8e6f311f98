import { ERROR_CODES, ERROR_MESSAGES_ES, languageFromHeader, localizeErrorMessage, pickLanguage } from '@dcs/common';

describe('the API speaks Spanish', () => {
  it('has a Spanish message for every error code of the catalogue, and none left over', () => {
    const codes = Object.keys(ERROR_CODES).sort();
    const missing = codes.filter((c) => !ERROR_MESSAGES_ES[c]?.trim());
    const unused = Object.keys(ERROR_MESSAGES_ES).filter((c) => !codes.includes(c));
    expect({ missing, unused }).toEqual({ missing: [], unused: [] });
  });

  it('picks the account language first, then Accept-Language by weight, else English', () => {
    expect(pickLanguage('es', 'en-US')).toBe('es');
    expect(pickLanguage('en', 'es-MX')).toBe('en');
    expect(pickLanguage(null, 'es-MX,es;q=0.9,en;q=0.8')).toBe('es');
    expect(pickLanguage(undefined, 'fr-FR, en;q=0.5, es;q=0.7')).toBe('es');
    expect(pickLanguage(null, 'fr-FR, de;q=0.5')).toBe('en');
    expect(pickLanguage('klingon', 'es;q=0')).toBe('en');
    expect(languageFromHeader('x'.repeat(1000))).toBeNull();
    expect(languageFromHeader(';;;,,q=abc')).toBeNull();
  });

  it('localises the message, never the code', () => {
    expect(localizeErrorMessage('WRONG_TURN', "it is not seat 2's turn", 'es')).toBe('No es tu turno.');
    expect(localizeErrorMessage('WRONG_TURN', "it is not seat 2's turn", 'en')).toBe("it is not seat 2's turn");
    expect(localizeErrorMessage('SOMETHING_NEW', 'as thrown', 'es')).toBe('as thrown');
  });
});
