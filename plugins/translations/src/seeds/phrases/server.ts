/** French typography: a no-break space before : ; ? and inside « », so no sign starts a line. */
const NBSP = '\u00a0'

/**
 * The French messages of the error catalogue (`ERROR_MESSAGES` in @shopwright/core/shared), by
 * code; the US English texts are the catalogue's own. Every code has one (phrases.test.ts), with
 * the same `{0}` placeholders.
 */
export const serverFrench: Readonly<Record<string, string>> = {
  // Server error codes.
  ERROR_ACCESS_DENIED: 'Accès refusé.',
  ERROR_ACCOUNT_RESET_EXPIRED: 'Votre code de réinitialisation a expiré.',
  ERROR_ACCOUNT_RESET_REQUIRED: 'Votre mot de passe doit être réinitialisé.',
  ERROR_CARTLINE_NOT_AVAILABLE: 'Cet article ne peut pas être acheté.',
  ERROR_CARTLINE_NOT_FOUND: 'La ligne du panier est introuvable.',
  ERROR_CART_EMPTY: 'Le panier est vide.',
  ERROR_IMAGE_TOO_LARGE: "L'image est trop grande pour être redimensionnée.",
  ERROR_IMAGE_UNREADABLE: "L'image ne peut pas être lue.",
  ERROR_CART_FULL: 'Le panier ne peut pas contenir plus de lignes.',
  ERROR_SHIPMETHOD_NOT_USABLE: 'Ce mode de livraison ne peut pas être utilisé pour cette commande.',
  ERROR_PAYMENT_DECLINED: 'Le paiement a été refusé.',
  ERROR_CREDIT_LIMIT_EXCEEDED: 'La commande dépasserait la limite de crédit du compte.',
  ERROR_CHECKOUT_IN_PROGRESS: 'Cette commande est déjà en cours de validation.',
  ERROR_CHECKOUT_TOTAL_CHANGED: `Le total a changé depuis que vous avez vérifié votre commande${NBSP}: vérifiez-la et passez-la de nouveau.`,
  ERROR_CARD_CVC_INVALID: `Saisissez le code de sécurité de la carte${NBSP}: 4 chiffres au recto d’une carte American Express, 3 au verso des autres.`,
  ERROR_GUEST_CHECKOUT_DETAILS:
    'Saisissez votre e-mail et votre adresse de livraison pour commander sans compte.',
  ERROR_IDEMPOTENCY_KEY_REUSED: 'Cette clé de commande a déjà servi pour un autre panier.',
  ERROR_ITEM_IN_STOCK: `Cet article est en stock${NBSP}: vous pouvez l’acheter dès maintenant.`,
  ERROR_CHECKBOX_REQUIRED: 'Cette case doit être cochée.',
  ERROR_DATA_CONNECTION: 'La connexion a échoué.',
  ERROR_DEVICE_BLOCKED: "L'accès à ce site a été bloqué pour cet appareil.",
  ERROR_SIGNUP_CLOSED: "Cette boutique n'accepte pas de nouveaux comptes.",
  ERROR_SIGNUP_CONSENT_REQUIRED:
    'Veuillez accepter les conditions et la politique de confidentialité.',
  ERROR_SIGNUP_FORM_EXPIRED: 'Ce formulaire a expiré. Rechargez la page et réessayez.',
  ERROR_SIGNUP_TOO_FAST:
    'Un peu trop rapide\u00a0! Vérifiez le formulaire et envoyez-le à nouveau.',
  ERROR_ACCOUNT_VERIFY_INVALID: 'Ce lien de confirmation a expiré ou a déjà été utilisé.',
  ERROR_POSTAL_CODE_INVALID: 'Ce code postal ne correspond pas au format du pays.',
  ERROR_ACCOUNT_NOT_VERIFIED:
    "Confirmez d'abord votre adresse e-mail\u00a0: nous vous avons envoyé un lien.",
  ERROR_EMAIL_NOT_FOUND: 'Adresse e-mail introuvable.',
  ERROR_INVALID_EMAIL: 'Adresse e-mail non valide.',
  ERROR_IMPORT_FILE_TYPE: 'Seuls les fichiers .zip et .json sont acceptés.',
  ERROR_INPUT_VALUE_REQUIRED: 'Ce champ est obligatoire.',
  ERROR_SELECT_VALUE_REQUIRED: 'Veuillez faire un choix.',
  ERROR_PASSWORD_VALUE_REQUIRED: 'Le mot de passe est obligatoire.',
  ERROR_RECORDTYPE_REQUIRED: "Le type d'enregistrement est obligatoire.",
  ERROR_JSON_FORMAT: "La réponse du serveur n'est pas au format attendu.",
  ERROR_LIST_NOT_AVAILABLE: 'La liste est introuvable.',
  ERROR_PAGE_NOT_FOUND: 'Page introuvable.',
  ERROR_POST_NOT_FOUND: "Impossible d'envoyer les données.",
  ERROR_RATE_LIMIT_EXCEEDED:
    'Limite du Drive dépassée. Réduisez le rythme des créations, mises à jour et suppressions.',
  ERROR_RECORD_ALREADY_EXISTS: "L'enregistrement existe déjà.",
  ERROR_PERMISSION_TYPE: `Vous n'avez pas l'autorisation «${NBSP}{0}${NBSP}».`,
  ERROR_PERMISSION_DELETE: 'autorisation de suppression manquante',
  ERROR_UNABLE_TO_RENDER: 'Affichage impossible.',

  // The not-available codes.
  ERROR_ADDRESS_NOT_AVAILABLE: "Impossible d'afficher l'adresse.",
  ERROR_ADDRESSBOOK_NOT_AVAILABLE: "Impossible d'afficher le carnet d'adresses.",
  ERROR_CART_NOT_AVAILABLE: "Impossible d'afficher le panier.",
  ERROR_CATEGORY_NOT_AVAILABLE: "Impossible d'afficher la catégorie.",
  ERROR_CREDITCARD_NOT_AVAILABLE: "Impossible d'afficher la carte bancaire.",
  ERROR_CREDITCARDS_NOT_AVAILABLE: "Impossible d'afficher les cartes bancaires.",
  ERROR_FILES_NOT_AVAILABLE: "Impossible d'afficher les fichiers.",
  ERROR_INVOICE_NOT_AVAILABLE: "Impossible d'afficher la facture.",
  ERROR_INVOICES_NOT_AVAILABLE: "Impossible d'afficher les factures.",
  ERROR_ITEM_NOT_AVAILABLE: "Impossible d'afficher l'article.",
  ERROR_ITEMS_NOT_AVAILABLE: "Impossible d'afficher les articles.",
  ERROR_LOG_NOT_AVAILABLE: "Impossible d'afficher le journal.",
  ERROR_ORDER_NOT_AVAILABLE: "Impossible d'afficher la commande.",
  ERROR_ORDERS_NOT_AVAILABLE: "Impossible d'afficher les commandes.",
  ERROR_PAGE_NOT_AVAILABLE: "Impossible d'afficher la page.",
  ERROR_RECORD_NOT_AVAILABLE: "Impossible d'afficher l'enregistrement.",
  ERROR_RECORDS_NOT_AVAILABLE: "Impossible d'afficher les enregistrements.",
  ERROR_RECORDTYPES_NOT_AVAILABLE: "Impossible d'afficher les types d'enregistrement.",
  ERROR_SESSION_NOT_AVAILABLE: "Impossible d'afficher la session.",
  ERROR_SESSIONS_NOT_AVAILABLE: "Impossible d'afficher les sessions.",
  ERROR_BILLING_NOT_AVAILABLE: "Impossible d'afficher la facturation.",
  ERROR_INSIGHTS_NOT_AVAILABLE: "Impossible d'afficher les statistiques.",

  // Files and folders.
  ERROR_FILE_ALREADY_EXISTS: 'Un fichier portant ce nom existe déjà.',
  ERROR_FOLDER_ALREADY_EXISTS: 'Un dossier portant ce nom existe déjà.',
  ERROR_FILE_NOT_FOUND: 'Le fichier est introuvable.',
  ERROR_FOLDER_NOT_FOUND: 'Le dossier est introuvable.',
  ERROR_INVALID_FILE_NAME: `Un nom de fichier est obligatoire${NBSP}; il doit contenir un point et ne peut contenir ni / \\ , ni saut de ligne.`,
  ERROR_INVALID_FOLDER_NAME: `Un nom de dossier est obligatoire${NBSP}; il ne peut contenir ni point, ni / \\ , ni saut de ligne.`,

  // Plugin codes.
  ERROR_BODY_EXPECTED: 'Un corps de requête est attendu.',
  ERROR_FRAGMENT_ID_EXPECTED: 'Un identifiant de fragment est attendu.',
  ERROR_INCORRECT_KEY: 'La clé est incorrecte.',
  ERROR_KEY_NOT_SET: "La clé n'est pas définie.",
  ERROR_PARAMETER_EXPECTED: 'Un paramètre est attendu.',
  ERROR_PERMISSION_DENIED: 'Autorisation refusée.',

  // Input codes.
  ERROR_INVALID_DECIMAL: 'Saisissez un nombre décimal.',
  ERROR_INVALID_INTEGER: 'Saisissez un nombre entier.',
  ERROR_INVALID_ID: 'Un identifiant ne peut contenir que A-Z, a-z, 0-9, - et _.',

  // Password rules and hints.
  ERROR_PASSWORD_TOO_SHORT: 'Votre mot de passe doit contenir au moins 6 caractères.',
  ERROR_PASSWORDS_DO_NOT_MATCH: 'Les mots de passe ne correspondent pas.',
  ERROR_PASSWORD_ADVICE_LENGTH: 'Utilisez au moins 10 caractères.',
  ERROR_PASSWORD_ADVICE_LOWERCASE: 'Ajoutez une lettre minuscule.',
  ERROR_PASSWORD_ADVICE_UPPERCASE: 'Ajoutez une lettre majuscule.',
  ERROR_PASSWORD_ADVICE_NUMBER: 'Ajoutez un chiffre.',
  ERROR_PASSWORD_ADVICE_SPECIAL: 'Ajoutez un caractère spécial.',

  // Translation CSV import.
  ERROR_CSV_FILE_TYPE:
    'Le fichier doit être un fichier de valeurs séparées par des virgules (.csv).',
  ERROR_CSV_EMPTY: 'Le fichier est vide ou mal formaté.',
  ERROR_CSV_COLUMN_NOT_FOUND: `Impossible de trouver la colonne «${NBSP}{0}${NBSP}» dans le fichier.`,
  ERROR_CSV_NO_LANGUAGE_COLUMNS: 'Impossible de trouver une colonne de langue dans le fichier.',

  // Shopwright's server-side codes.
  ERROR_QUERY_NOT_FOUND: "L'appel demandé n'existe pas.",
  ERROR_METHOD_NOT_ALLOWED:
    "Cet appel n'accepte pas cette méthode. Les modifications doivent être envoyées en POST.",
  ERROR_DEVICE_REQUIRED: "La requête n'a pas d'en-tête Device.",
  ERROR_JSON_BODY: "Le corps de la requête n'est pas du JSON valide.",
  ERROR_BODY_TOO_LARGE: 'Le corps de la requête est trop volumineux.',
  ERROR_UNSUPPORTED_MEDIA_TYPE: "Le type du corps de la requête n'est pas pris en charge.",
  ERROR_INVALID_INPUT: "La requête n'est pas valide.",
  ERROR_NOT_SIGNED_IN: 'Vous devez vous connecter.',
  ERROR_TOO_MANY_REQUESTS: 'Trop de requêtes. Veuillez patienter, puis réessayer.',
  ERROR_INTERNAL: "Une erreur s'est produite sur le serveur.",
  ERROR_NOT_READY: "Le serveur démarre et n'est pas encore prêt.",
  ERROR_SERVER_STOPPING:
    "Le serveur s'arrête : le reste n'a pas été fait. Réessayez dans un instant.",
  ERROR_WRITE_CONFLICT: `Une autre modification des mêmes données a été enregistrée au même moment${NBSP}: celle-ci ne l'a pas été. Réessayez.`,
  ERROR_IMAGE_TYPE: 'Le fichier doit être une image PNG, JPEG, GIF, WebP ou SVG.',
  ERROR_IMAGE_NOT_AVAILABLE: "Impossible d'afficher l'image.",

  // Machine translation.
  ERROR_TRANSLATE_NOT_CONFIGURED: `La traduction automatique n'est pas configurée${NBSP}: le serveur a besoin de TRANSLATE_URL.`,
  ERROR_TRANSLATE_FAILED: "Le service de traduction n'a pas répondu comme prévu.",
  ERROR_TRANSLATE_TIMEOUT: "Le service de traduction n'a pas répondu à temps.",
  ERROR_TRANSLATION_NOT_AVAILABLE: "Impossible d'afficher la traduction.",

  // The memory plugin.
  ERROR_MEMORY_TYPE_UNKNOWN: `Il n'existe pas de type de mémoire {0}. Les types sont recordtype, html, css, script, configuration, access, session, cart, website et misc.`,

  // The sessions plugin.
  ERROR_TRACKING_BUSY: `Trop de pages suivies attendent d'être enregistrées. Réessayez dans un instant.`,
}
