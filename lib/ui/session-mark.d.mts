export const SIGNED_IN_ATTRIBUTE: 'data-signed-in';
export const SESSION_MARK: string;
