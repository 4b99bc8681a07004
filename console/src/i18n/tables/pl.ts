import type { LanguageTable } from '../english';

/**
 * Polish: polite and neutral as to the reader's gender ("Proszę…" with an infinitive, impersonal
 * forms), never Pan or Pani, which would guess it.
 */
export const pl: LanguageTable = {
  name: 'Polish',
  phrases: {
    'status.connecting': 'Łączenie…',
    'status.speakNow': 'Proszę mówić',
    'status.translating': 'Proszę czekać, trwa tłumaczenie…',
    'status.playing': 'Proszę słuchać: odtwarzane jest tłumaczenie',
    'status.micOff': 'Mikrofon jest wyłączony',
    'status.yourTurn': 'Proszę teraz odpowiedzieć',
    'status.typeInstead': 'Proszę wpisać odpowiedź',
    'speech.stopped': 'Tablet przestał mówić. Teraz można mówić.',
    'speech.waitForTablet': 'Proszę poczekać, aż tablet skończy mówić.',
    'speech.lost': 'Nie udało się usłyszeć niektórych słów. Proszę je powtórzyć.',
    'speech.repeat': 'Przepraszamy, nie było dobrze słychać. Proszę powtórzyć.',
    'speech.unsure':
      'To mogło zostać źle usłyszane, więc nie zostało odtworzone. Proszę powtórzyć.',
    'speech.typeInstead': 'Nie można rozpoznać mowy w tym języku. Proszę zamiast tego napisać.',
    'sentence.otherLanguage': 'Tego nie przetłumaczono: nie jest w języku żadnej z dwóch osób.',
    'translation.machine': 'Tłumaczenie maszynowe',
    'translation.fixed': 'Zdanie przygotowane wcześniej',
    'type.label': 'Proszę pisać tutaj',
    'type.send': 'Wyślij',
    'play.again': 'Odtwórz ponownie',
    'connection.lost':
      'Połączenie z tłumaczem zostało przerwane. Treść na ekranie zostaje zachowana.',
    'connection.retrying': 'Ponowne łączenie…',
    'connection.back': 'Tłumacz jest znów dostępny.',
    'connection.stopped': 'Usługa tłumacza została zatrzymana. Treść na ekranie zostaje zachowana.',
    'connection.save': 'Zapisz treść z ekranu',
    'connection.continue': 'Kontynuuj rozmowę',
    'conversation.earlier': 'Wcześniejsza część rozmowy',
    'end.title': 'Rozmowa została zakończona',
    'end.thanks': 'Dziękujemy.',
    'end.reason.idle': 'Rozmowa została zakończona, ponieważ przez jakiś czas nic nie powiedziano.',
    'end.reason.maxDuration': 'Rozmowa została zakończona, ponieważ osiągnięto limit czasu.',
    'end.reason.shutdown':
      'Rozmowa została zakończona, ponieważ usługa tłumacza została zatrzymana.',
  },
};
