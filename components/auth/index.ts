export { AuthRoot } from './auth-root';
