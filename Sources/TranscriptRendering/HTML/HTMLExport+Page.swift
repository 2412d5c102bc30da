/// The page's style sheet and script, inlined into every page (`HTMLExport`).
///
/// The script comes before `<main>`, so a large page shows its first rows while the rest is still
/// being read. In order: it reads the hit count and current hit from `<body>`; takes each chunk of
/// a page laid out on demand as the parser adds it (a `MutationObserver`; a chunk counts as whole
/// once a later one, or the end of the document, has arrived) with its first hit (`data-h`);
/// draws a chunk (parses its JSON, builds its rows with `textContent` and text nodes only, never
/// `innerHTML`) when an `IntersectionObserver` sees it within one and a half screens of the
/// viewport, or when a hit inside it is wanted; `go(k)` draws hit k's chunk and its neighbours
/// (so nothing above the hit changes height after it is centred), moves class `current` from the
/// old hit's marks to the new one's, centres it and updates `hit k of N` and the address
/// (`#hit-K`). One listener per event kind: `keydown` (`n`, `N`), `click` (a hit, a `#hit-K` link,
/// the ◀ ▶ buttons), `hashchange`. On load: the hit the address names, else the current one, as
/// soon as its chunk has arrived (on a page of markup, once the page is read).
extension HTMLExport {
    static let style = """
    :root{color-scheme:light dark;--bg:#fdfdfc;--fg:#1d1d1f;--muted:#6b6b70;--line:#e4e4e7;--mark:#ffe58a;--current:#ff9f1a;--link:#0b57d0}
    @media (prefers-color-scheme:dark){:root{--bg:#161618;--fg:#e9e9ec;--muted:#9a9aa2;--line:#2c2c31;--mark:#6b5a12;--current:#d9730d;--link:#8ab4f8}}
    *{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
    header{position:sticky;top:0;z-index:1;background:var(--bg);border-bottom:1px solid var(--line);padding:.5rem 1rem}
    h1{font-size:1.1rem;margin:0;overflow-wrap:anywhere}.status{margin:.25rem 0 0;color:var(--muted)}.status b{color:var(--fg)}
    button{font:inherit;background:none;color:var(--fg);border:1px solid var(--line);border-radius:6px;padding:0 .6rem;cursor:pointer}
    kbd{font:.8em ui-monospace,monospace;border:1px solid var(--line);border-radius:4px;padding:0 .25em}
    .toc{padding:.5rem 1rem;border-bottom:1px solid var(--line);overflow-wrap:anywhere}.toc summary{cursor:pointer;color:var(--muted)}
    .toc ul{margin:0;padding-left:1.2rem}.count{color:var(--muted);font-size:.85em}
    main{padding:0 1rem 40vh;max-width:60rem}h2{font-size:1rem;margin:1.5rem 0 .5rem;overflow-wrap:anywhere}h3{font-size:.95rem;margin:1rem 0 .25rem;color:var(--muted)}
    .row{display:flex;flex-wrap:wrap;gap:0 .6rem;padding:.15rem 0;border-bottom:1px solid var(--line);content-visibility:auto;contain-intrinsic-size:auto 2rem}.row.context{color:var(--muted)}
    .chunk:not(.done){height:calc(var(--n)*var(--row,2.4rem))}
    .time{font:.85em ui-monospace,monospace;color:var(--muted);min-width:4.5rem;padding-top:.15em}.speaker{font-weight:600}
    .text{flex:1 1 18rem;overflow-wrap:anywhere}.gap{color:var(--muted);text-align:center}
    mark,.row,h2,h3{scroll-margin-top:6rem}a{color:var(--link)}mark{background:var(--mark);color:inherit;border-radius:3px}mark a{color:inherit;text-decoration:none}
    mark.current{background:var(--current);color:#000;font-weight:700;outline:2px solid var(--current)}
    """

    static let script = """
    (function(){var d=document,body=d.body,count=+body.dataset.count,at=+body.dataset.current||0,
    shown=d.getElementById("position"),chunks=[],starts=[],sized=false,started=false,waiting=null,
    io=window.IntersectionObserver?new IntersectionObserver(function(es){
    es.forEach(function(e){if(e.isIntersecting)draw(e.target);});},{rootMargin:"150% 0px"}):null;
    function el(tag,cls,text){var e=d.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=text;return e;}
    function two(n){return n<10?"0"+n:""+n;}
    function clock(ms){var s=Math.floor(ms/1000);return two(Math.floor(s/3600))+":"+two(Math.floor(s/60)%60)+":"+two(s%60);}
    function row(r,sp,media){var div=el("div","row"),t=r[0],hit=false,text=el("span","text"),a,m,p,i;
    if(typeof t==="number"){a=el(media?"a":"span","time",clock(t));if(media)a.href=media+"#t="+t/1000;div.appendChild(a);}
    else if(typeof t==="string")div.appendChild(el("span","time",t));
    if(r[1]>=0)div.appendChild(el("span","speaker",sp[r[1]]));
    for(i=2;i<r.length;i++){p=r[i];if(typeof p==="string"){text.appendChild(d.createTextNode(p));continue;}
    hit=true;m=el("mark");if(p.length>2)m.dataset.part=p[0];else{m.id="hit-"+(p[0]+1);m.dataset.hit=p[0];}
    if(p[0]===at)m.className="current";a=el("a",null,p[1]);a.href="#hit-"+(p[0]+1);m.appendChild(a);text.appendChild(m);}
    if(!hit)div.className="row context";div.appendChild(text);return div;}
    function draw(c){if(!c||c.className!=="chunk")return;c.className="chunk done";if(io)io.unobserve(c);
    var data=JSON.parse(c.firstChild.textContent),f=d.createDocumentFragment(),media=c.parentNode.dataset.media,n=c.style.getPropertyValue("--n");
    data.r.forEach(function(x){f.appendChild(x===0?el("div","gap","\\u22ef"):typeof x==="string"?el("h3",null,"\\u00a7 "+x):row(x,data.s,media));});
    c.replaceChildren(f);if(!sized){sized=true;var h=c.offsetHeight/+n;if(h>0)d.documentElement.style.setProperty("--row",h+"px");}}
    function find(k){var lo=0,hi=starts.length-1,found=-1,mid;while(lo<=hi){mid=(lo+hi)>>1;if(starts[mid]<=k){found=mid;lo=mid+1;}else hi=mid-1;}return found;}
    function mark(k,on){var m=d.getElementById("hit-"+(k+1));if(!m)return;m.classList.toggle("current",on);
    var c=m.closest(".chunk"),q='mark[data-part="'+k+'"]';(c?[c,c.nextElementSibling]:[d]).forEach(function(s){
    if(s&&s.querySelectorAll)s.querySelectorAll(q).forEach(function(p){p.classList.toggle("current",on);});});}
    function go(k,quiet){if(!count)return;k=((k%count)+count)%count;mark(at,false);at=k;var i=find(k);
    if(i>=0){draw(chunks[i]);draw(chunks[i-1]);draw(chunks[i+1]);}
    mark(at,true);var m=d.getElementById("hit-"+(at+1));if(m)m.scrollIntoView({block:"center"});
    shown.textContent=at+1;if(!quiet)history.replaceState(null,"","#hit-"+(at+1));}
    function wanted(){var h=/^#hit-(\\d+)$/.exec(location.hash);return h?+h[1]-1:location.hash?-1:at;}
    function start(){if(started)return;started=true;var k=wanted();if(k>=0)go(k,true);}
    function take(c){chunks.push(c);starts.push(+c.dataset.h);if(io)io.observe(c);else draw(c);}
    function arrived(rs){rs.forEach(function(r){r.addedNodes.forEach(function(c){if(c.className!=="chunk")return;
    if(waiting){take(waiting);var k=wanted();if(!started&&k>=+waiting.dataset.h&&k<+c.dataset.h)start();}waiting=c;});});}
    var mo=new MutationObserver(arrived);mo.observe(body,{childList:true,subtree:true});
    function loaded(){arrived(mo.takeRecords());mo.disconnect();if(waiting)take(waiting);waiting=null;start();}
    if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",loaded);else{[].forEach.call(d.querySelectorAll("div.chunk"),take);start();}
    d.addEventListener("keydown",function(e){if(e.ctrlKey||e.metaKey||e.altKey)return;
    if(e.key==="n"){go(at+1);e.preventDefault();}else if(e.key==="N"){go(at-1);e.preventDefault();}});
    d.addEventListener("click",function(e){var m=e.target.closest("mark[data-hit],mark[data-part]");
    if(m){e.preventDefault();go(+(m.dataset.hit||m.dataset.part));return;}
    var a=e.target.closest('a[href^="#hit-"]');if(a){e.preventDefault();go(+a.getAttribute("href").slice(5)-1);return;}
    var b=e.target.closest("[data-step]");if(b)go(at+(+b.dataset.step));});
    window.addEventListener("hashchange",function(){var k=wanted();if(k>=0)go(k,true);});})();
    """
}
