/** The error and success texts of both specs' §8 (and §5), as the browser shows them and the server returns them. */
export const MESSAGES = {
  claim: {
    loadError: 'Error loading lead information',
    claimError: 'Error claiming lead',
    contractorIdRequired: 'Please enter your contractor ID',
    unavailable: 'Lead Unavailable',
    claimed: 'Lead Claimed Successfully!',
  },
  reset: {
    invalidLink: 'Invalid or expired reset link',
    linkFailed: 'Failed to process reset link',
    invalidToken: 'Invalid or expired reset token',
    updateFailed: 'Failed to update password',
    network: 'Network error. Please try again.',
    passwordsMismatch: 'Passwords do not match',
    tooShort: 'Password must be at least 8 characters long',
    success: 'Password Reset Successful',
  },
  leadSubmit: {
    success: 'Lead submitted successfully! Matching contractors will be notified via SMS.',
    fallback: 'An error occurred while submitting the lead',
    plumbingFallback: 'An error occurred while submitting your request',
    /** The lead is stored and not screened yet (a lead stored before leads-submit screened, ADR 0031). */
    pending:
      'Thank you, we received your request and are checking it now. We will text you the outcome (and email it, if you gave your email), and a matched professional will contact you once it is confirmed.',
    /** Screening refused the lead; the reply's problems say what to fix. */
    rejected: 'We could not accept this request yet. Please fix the following and send it again:',
    /** The only thing wrong is that we already have this request: nothing to fix, nothing to send again. */
    duplicate: 'We already have this request. There is nothing to fix:',
    /** The same form reference was sent again with different details. */
    keyReused: 'This form was already sent with different details. Please reload the page and send your request again.',
    /** leads-submit-status for a lead id and key that do not belong together (or an unknown lead): the same words either way. */
    unknownRequest: 'We could not find this request.',
  },
  login: { failed: 'Login failed' },
  signup: {
    failed: 'Registration failed. Please try again.',
    network: 'Network error. Please check your connection and try again.',
    passwordsMismatch: 'Passwords do not match',
    tooShort: 'Password must be at least 6 characters long',
  },
  forgotPassword: { failed: 'Failed to send reset email' },
  contact: {
    failed: 'Failed to send message. Please try again.',
    success: "Thank you for your message! We'll get back to you soon.",
  },
  waitlist: { failed: 'Failed to join waitlist. Please try again.' },
  welcome: { notFound: 'Account not found. Please try signing up again.' },

  contractor: {
    sessionExpired: 'Session expired. Please log in again.',
    network: 'Network error. Please try again.',
    dashboardFailed: 'Failed to load dashboard data',
    paymentFailed: 'Failed to initiate payment',
    purchaseFailed: 'Failed to purchase lead',
    archiveFailed: 'Failed to archive lead',
    completeFailed: 'Failed to complete lead',
    historyFailed: 'Failed to fetch purchase history',
    smsFailed: 'Failed to update SMS preference',
    smsError: 'Error updating SMS preference',
    paymentCancelled: 'Payment was cancelled',
    profileFailed: 'Failed to update profile',
    dropdownsFailed: 'Error loading dropdown options',
    industriesFailed: 'Failed to load industries',
    subServicesFailed: 'Failed to load sub-services',
    insufficientBalance: 'Insufficient wallet balance. Add funds to purchase this lead.',
    invalidAmount: 'Please enter a valid amount',
    minimumFunding: 'Minimum funding amount is $100',
    maximumFunding: 'Maximum funding amount is $10,000',
    requiredFields: 'Please fill in all required fields',
    invalidEmail: 'Please enter a valid email address',
    invalidPhone: 'Please enter a valid phone number',
    zipRequired: 'Please enter at least one zip code',
  },
  contractorSuccess: {
    walletFunded: 'Wallet funded successfully!',
    leadPurchased: 'Lead purchased! Check your dashboard for details.',
    leadArchived: 'Lead archived successfully!',
    leadCompleted: 'Lead marked as completed!',
    profileUpdated: 'Profile updated successfully!',
    smsUpdated: 'SMS preference updated successfully.',
  },

  admin: {
    adjustFailed: 'Failed to adjust wallet balance',
    adjustError: 'Error adjusting wallet balance',
    deleteContractorFailed: 'Failed to delete contractor',
    deleteContractorError: 'Error deleting contractor',
    deleteContractorsFailed: 'Failed to delete contractors',
    deleteContractorsError: 'Error deleting contractors',
    createLeadFailed: 'Failed to create lead',
    createLeadError: 'Error creating lead',
    deleteLeadFailed: 'Failed to delete lead',
    deleteLeadError: 'Error deleting lead',
    deleteLeadsFailed: 'Failed to delete leads',
    deleteLeadsError: 'Error deleting leads',
    pricingFailed: 'Failed to update lead pricing',
    pricingError: 'Error updating lead pricing',
    refundFailed: 'Failed to approve or reject refund request',
    refundError: 'Error processing refund request',
    fetchFailed: 'Failed to fetch admin data',
    invalidPassword: 'Invalid password',
    adjustRequired: 'Contractor ID and amount are required',
    selectLeads: 'Please select leads to delete',
    requiredFields: 'Please fill in all required fields',
    noExportData: 'No data to export',
  },
  adminSuccess: {
    walletAdjusted: 'Wallet balance adjusted successfully!',
    contractorDeleted: 'Contractor deleted successfully!',
    contractorsDeleted: (n: number) => `${n} ${n === 1 ? 'contractor' : 'contractors'} deleted successfully!`,
    leadsDeleted: (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'} deleted successfully`,
    testLeadCreated: 'Test lead created successfully!',
    leadDeleted: 'Lead deleted successfully',
    pricingUpdated: (category: string, type: string, price: string) =>
      `Updated ${category} ${type} pricing to $${price}`,
    refundDecided: (action: 'approved' | 'rejected') => `Refund request ${action} successfully`,
    exported: (file: string) => `${file} exported successfully!`,
  },
  confirm: {
    deleteContractor: 'Are you sure you want to delete this contractor?',
    deleteContractors: (n: number) => `Are you sure you want to delete ${n} ${n === 1 ? 'contractor' : 'contractors'}?`,
    deleteLead: 'Are you sure you want to delete this lead? This action cannot be undone.',
    deleteLeads: (n: number) =>
      `Are you sure you want to delete ${n} ${n === 1 ? 'lead' : 'leads'}? This action cannot be undone.`,
  },

  /** Texts of our own server (the spec shows none for these cases). */
  server: {
    notFound: 'Unknown function',
    methodNotAllowed: 'Method not allowed for this function',
    payloadTooLarge: 'Request body is too large',
    malformedJson: 'Request body is not valid JSON',
    rateLimited: 'Too many requests. Please wait a few minutes and try again.',
    forbidden: 'You can only act on your own contractor account.',
    adminRequired: 'Admin login required.',
    internal: 'Something went wrong on our side. Please try again.',
    unavailable: 'Service temporarily unavailable. Please try again.',
    /** A function whose service is down, named by what it is to a person (SERVICE_LABELS). */
    serviceDown: (label: string, retryAfterSeconds: number) =>
      `This part of leadmarket (${label}) is temporarily unavailable; everything else still works. Please try again in ${retryAfterSeconds} seconds.`,
  },
} as const;

/**
 * The claim link's own answers (the spec shows the server's message under 'Lead Unavailable' or on
 * the form): lead-intake's leads-claim-get and leads-claim-status, wallet-ledger's leads-claim-post.
 */
export const CLAIM_MESSAGES = {
  unknown: 'This lead is no longer available. The link may be wrong or no longer valid.',
  expired: 'This claim link has expired. The lead is no longer available.',
  alreadyClaimed: 'This lead has already been claimed by another contractor.',
  claimedByLinkOwner:
    'You claimed this lead with this link. Log in to see the customer’s contact, or find the lead under Purchased in your dashboard.',
  unavailable: 'This lead is no longer available.',
  wrongContractor: 'This claim link was sent to a different contractor. Check your contractor ID.',
  purchaseUnavailable: 'Claiming leads is not available right now. Please try again in a few minutes.',
  offersUnavailable: 'This claim link cannot be checked right now. Please try again in a few minutes.',
  /** Bought, but the contact could not be read for this answer: it is the buyer's all the same. */
  contactLater:
    'Lead purchased! The customer’s contact cannot be shown right now: open this link again in a few minutes, or find the lead under Purchased in your dashboard.',
} as const;
