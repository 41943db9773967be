/**
 * The inline loader pages/_document.tsx puts in place of Next's `<script defer>` tags: the page's
 * JavaScript is requested once its largest picture has painted, so that on a slow phone the
 * picture gets the bandwidth first and the code follows (ARCHITECTURE.md, "Largest paint first").
 *
 * When the document has been parsed the loader waits for every `img[fetchpriority=high]` (the
 * pictures product-image.tsx marks as the page's first, requested early anyway) to load or fail,
 * and for the browser to report the first contentful paint as shown (a `paint` entry; a browser
 * without them skips this), then for the next frame, and adds the scripts listed in the JSON data
 * block `#shop-scripts` in their order (`async = false` keeps it, as `defer` did). A page without
 * such a picture (checkout, FAQ) loads its scripts after its first paint. Why the report and not
 * only a frame: Chromium sometimes shows a page's first frame about a second after drawing it
 * (one Lighthouse run in three on this machine); code started in between ran before the largest
 * paint, and Lighthouse's simulation then charged all of it to that paint (LCP 2.5 s instead of
 * 1.4). Whatever happens, they are added at most `LATEST_MS` after the document was parsed: a
 * picture that takes longer on a slow network, or a background tab where no frame paints, does
 * not hold the page's buttons back.
 *
 * A tap on a button before the code has arrived is not lost: the loader holds it (a button of a
 * form without an `action`, or outside a form; links and real forms work without JavaScript), asks
 * for the scripts at once, and clicks the same button again when the app calls
 * `window.shopHydrated()` after hydrating (pages/_app.tsx). Hydration keeps the server's
 * DOM nodes, so the held button is the one React now handles.
 *
 * Nor is what was typed or chosen before then. Hydration keeps a field's value as the shopper left
 * it, but React's state never heard of it: the field shows an e-mail address that the form would
 * send as empty, a chosen file that 'Check' does not know about. The loader notes every field that
 * had an `input` or `change` event; once hydrated, before replaying a held tap, it tells React
 * about each one still on the page:
 * - the values are read first, as telling React about one field re-renders the form, which puts
 *   every controlled field React has not heard about yet back to its state;
 * - React passes an event on to a text field's (a checkbox's) `onChange` only when the value
 *   differs from the one it saw last, so the field is set to something else through React's own
 *   setter and the value put back behind it (the element's prototype's setter); a file input's
 *   value is the browser's alone, and React does not compare a file's or a select's;
 * - then `change` (`click` for a checkbox or radio button: a plain event, which does not toggle it);
 * - all of it, and the held tap, in a task of its own after the app's effect that called the hook:
 *   there React applies each event's update before the next, as for a person's typing (inside the
 *   effect it would apply them only afterwards, and a submit replayed meanwhile would find the
 *   fields empty).
 *
 * The loader's text is the same on every page (the list is data, which CSP does not treat as a
 * script), so the Content-Security-Policy allows it by one hash (scripts/inline-script-hashes.mjs).
 * Plain ES5 on purpose: it runs as written, before any of our code.
 */
export const LATEST_MS = 1500;
export const SCRIPT_LIST_ID = 'shop-scripts';
export const HYDRATED_HOOK = 'shopHydrated';

export const LOADER = `(function(d){var added=0;
function add(){if(added)return;added=1;var s=JSON.parse(d.getElementById('${SCRIPT_LIST_ID}').textContent);
for(var i=0;i<s.length;i++){var e=d.createElement('script');e.src=s[i];e.async=false;d.head.appendChild(e)}}
function afterPaint(){requestAnimationFrame(function(){setTimeout(add,0)})}
var shown=0,loaded=0;function both(){if(shown&&loaded)afterPaint()}
try{if(PerformanceObserver.supportedEntryTypes.indexOf('paint')<0)throw 0;
new PerformanceObserver(function(l,o){var e=l.getEntries();for(var i=0;i<e.length;i++)if(e[i].name==='first-contentful-paint'){o.disconnect();shown=1;both()}}).observe({type:'paint',buffered:true})}catch(e){shown=1}
function parsed(){var left=0,pics=d.querySelectorAll('img[fetchpriority=high]');
function done(){if(--left===0){loaded=1;both()}}
for(var i=0;i<pics.length;i++)if(!pics[i].complete){left++;pics[i].addEventListener('load',done);pics[i].addEventListener('error',done)}
if(left===0){loaded=1;both()}setTimeout(add,${LATEST_MS})}
var held=null;function hold(e){var t=e.target,b=t&&t.closest?t.closest('button'):null;
if(!b||b.disabled||(b.form&&b.form.hasAttribute('action')))return;e.preventDefault();e.stopPropagation();held=b;add()}
var typed=[];function note(e){var t=e.target;if(/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)&&typed.indexOf(t)<0)typed.push(t)}
function tell(t,v,c){var k=c?'checked':'value';if(!t.isConnected)return;if(t.type!=='file'){t[k]=c?!v:v?'':' ';Object.getOwnPropertyDescriptor(Object.getPrototypeOf(t),k).set.call(t,v)}
t.dispatchEvent(new Event(c?'click':'change',{bubbles:true}))}
var on={click:hold,input:note,change:note},n;for(n in on)d.addEventListener(n,on[n],true);
window.${HYDRATED_HOOK}=function(){for(n in on)d.removeEventListener(n,on[n],true);var f=typed,b=held;typed=[];held=null;
setTimeout(function(){f.map(function(t){var c=/^(checkbox|radio)$/.test(t.type);return[t,c?t.checked:t.value,c]}).forEach(function(x){tell(x[0],x[1],x[2])});if(b&&b.isConnected)b.click()},0)};
if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',parsed);else parsed()})(document)`;

/** The `#shop-scripts` data block's text for the given script addresses (our own `/_next/…` paths). */
export function scriptListJson(sources) {
  return JSON.stringify(sources).replace(/</g, '\\u003c');
}
