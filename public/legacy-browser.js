/*
 * Runs only where ES modules do not (the console's own code never loads there): Internet Explorer and
 * IE-based browsers get the 温馨提示 dialog of spec §8. Plain ES5 and old DOM calls on purpose.
 */
(function () {
  if (!/MSIE |Trident\//.test(navigator.userAgent)) return;
  function show() {
    var mask = document.createElement('div');
    mask.setAttribute('role', 'alertdialog');
    mask.setAttribute('aria-modal', 'true');
    mask.setAttribute('aria-labelledby', 'legacy-browser-title');
    mask.style.cssText = 'position:fixed;top:0;right:0;bottom:0;left:0;z-index:2147483647;background:rgba(0,0,0,.45);font-family:sans-serif';
    var box = document.createElement('div');
    box.style.cssText = 'width:410px;margin:20vh auto 0;padding:24px;background:#fff;border-radius:8px';
    var title = document.createElement('h2');
    title.id = 'legacy-browser-title';
    title.style.cssText = 'margin:0 0 12px;font-size:16px';
    title.appendChild(document.createTextNode('温馨提示 · Friendly reminder'));
    var zh = document.createElement('p');
    zh.style.cssText = 'margin:0 0 8px;line-height:1.6';
    zh.appendChild(document.createTextNode('微软已停止支持 IE 浏览器，本系统无法在 IE 中运行。请改用 Chrome、Edge、Firefox 等浏览器访问。'));
    var en = document.createElement('p');
    en.style.cssText = 'margin:0 0 20px;line-height:1.6;color:#666';
    en.appendChild(document.createTextNode('Internet Explorer is no longer supported and this console cannot run in it. Please switch to Chrome, Edge or Firefox.'));
    var button = document.createElement('button');
    button.type = 'button';
    button.style.cssText = 'float:right;padding:6px 16px;border:0;border-radius:4px;color:#fff;background:#4e88f3;cursor:pointer';
    button.appendChild(document.createTextNode('我知道了 · Got it'));
    button.onclick = function () {
      mask.parentNode.removeChild(mask);
    };
    box.appendChild(title);
    box.appendChild(zh);
    box.appendChild(en);
    box.appendChild(button);
    mask.appendChild(box);
    document.body.appendChild(mask);
    button.focus();
  }
  if (document.body) show();
  else window.attachEvent('onload', show);
})();
