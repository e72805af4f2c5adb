/** The support address shown on info and legal pages (spec §9: "The support contact is {email}"). */
export const SUPPORT_EMAIL = 'support@leadmarket.example';
