// agree serve's page: the form is sent without leaving the page, so the
// files chosen stay chosen from one run to the next (in the page: the
// server keeps nothing), and the answer's message or report replaces the
// last one. Without scripts the form posts as usual.
(function () {
  "use strict";
  var form = document.getElementById("form");
  var button = document.getElementById("run");
  var result = document.getElementById("result");
  var runs = 0;
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    button.disabled = true;
    document.body.dataset.state = "running";
    var status = document.getElementById("status");
    status.textContent = "running…";
    fetch(form.action, { method: "POST", body: new FormData(form), credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (text) {
        var page = new DOMParser().parseFromString(text, "text/html");
        var next = page.getElementById("result");
        result.replaceChildren.apply(result, next ? Array.prototype.slice.call(next.childNodes) : []);
        status.textContent = "";
      })
      .catch(function (err) {
        result.replaceChildren();
        var box = document.createElement("div");
        box.className = "error";
        box.id = "error";
        box.setAttribute("role", "alert");
        box.textContent = "the page could not reach agree serve: " + err;
        result.appendChild(box);
        status.textContent = "";
      })
      .finally(function () {
        runs++;
        button.disabled = false;
        document.body.dataset.runs = String(runs);
        document.body.dataset.state = "done";
      });
  });
})();
