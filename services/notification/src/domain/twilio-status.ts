/**
 * What a Twilio MessageStatus means for our delivery row: the final outcomes replace its status;
 * intermediate ones (queued, sending, sent) are only recorded as the provider status.
 */
export function deliveryStatusOf(messageStatus: string): 'delivered' | 'undelivered' | 'failed' | undefined {
  switch (messageStatus) {
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'undelivered':
      return 'undelivered';
    case 'failed':
      return 'failed';
    default:
      return undefined;
  }
}
