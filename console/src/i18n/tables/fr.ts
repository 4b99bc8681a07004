import type { LanguageTable } from '../english';

/**
 * French (fr-FR, fr-CA, fr-BE…): vous. A no-break space (U+00A0) before the colon, as French
 * typography has it.
 */
export const fr: LanguageTable = {
  name: 'French',
  phrases: {
    'status.connecting': 'Connexion…',
    'status.speakNow': 'Parlez maintenant',
    'status.translating': 'Veuillez patienter, traduction en cours…',
    'status.playing': 'Écoutez\u00a0: la traduction est en cours de lecture',
    'status.micOff': 'Le microphone est coupé',
    'status.yourTurn': 'C’est à vous',
    'status.typeInstead': 'Veuillez écrire votre réponse',
    'speech.stopped': 'La tablette s’est arrêtée de parler pour que vous puissiez parler.',
    'speech.waitForTablet': 'Veuillez attendre que la tablette ait fini de parler.',
    'speech.lost': 'Certains mots n’ont pas pu être entendus. Veuillez les répéter.',
    'speech.repeat': 'Pardon, ce n’était pas clair. Veuillez répéter.',
    'speech.unsure':
      'Ce passage a peut-être été mal entendu, il n’a donc pas été diffusé. Veuillez le répéter.',
    'speech.typeInstead':
      'La reconnaissance vocale n’est pas possible dans cette langue. Veuillez plutôt écrire.',
    'sentence.otherLanguage':
      'Ceci n’a pas été traduit\u00a0: ce n’est dans la langue d’aucune des deux personnes.',
    'translation.machine': 'Traduction automatique',
    'translation.fixed': 'Phrase préparée à l’avance',
    'type.label': 'Écrivez ici',
    'type.send': 'Envoyer',
    'play.again': 'Réécouter',
    'connection.lost':
      'La connexion avec l’interprète a été perdue. Ce qui est affiché à l’écran est conservé.',
    'connection.retrying': 'Reconnexion…',
    'connection.back': 'L’interprète est de nouveau disponible.',
    'connection.stopped':
      'Le service d’interprétation a été arrêté. Ce qui est affiché à l’écran est conservé.',
    'connection.save': 'Enregistrer ce qui est affiché à l’écran',
    'connection.continue': 'Poursuivre la conversation',
    'conversation.earlier': 'Partie précédente de la conversation',
    'end.title': 'La conversation est terminée',
    'end.thanks': 'Merci.',
    'end.reason.idle': 'La conversation a pris fin car rien n’a été dit pendant un moment.',
    'end.reason.maxDuration': 'La conversation a pris fin car elle a atteint sa durée maximale.',
    'end.reason.shutdown':
      'La conversation a pris fin car le service d’interprétation a été arrêté.',
  },
};
