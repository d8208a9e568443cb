"""The page's address (warkit_widgets.play.page.voila.PageAddress): read from Voilà's answer in a
preheated kernel, from the environment Voilà gives a kernel started for its page, and never
written into os.environ (issue 21 item 6: no environment used as a request channel)."""

from __future__ import annotations

import os

from warkit_widgets.play.page import voila
from warkit_widgets.play.page.voila import PageAddress, wait_for_address


def test_an_address_gives_its_values_and_its_language():
    address = PageAddress("lang=pt-BR&room=ABCDEF&key=s3cret&room=OTHER")
    assert address.value("room") == "ABCDEF" and address.value("key") == "s3cret"
    assert address.value("absent") is None
    assert address.lang == "pt"
    assert PageAddress("lang=xx").lang is None and PageAddress().lang is None


def test_a_kernel_started_for_its_page_reads_the_environment(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setenv("QUERY_STRING", "lang=en&room=ABC")
    assert wait_for_address() == PageAddress("lang=en&room=ABC")


def test_a_preheated_kernel_takes_voilas_answer_and_leaves_the_environment_alone(monkeypatch):
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "lang=pt")  # an old value: not the page's
    monkeypatch.setattr(voila, "read_request",
                        lambda: {"QUERY_STRING": "lang=en&key=abc", "SERVER_NAME": "x"})
    before = dict(os.environ)
    address = wait_for_address()
    assert address == PageAddress("lang=en&key=abc") and address.lang == "en"
    assert dict(os.environ) == before


def test_a_preheated_kernel_without_an_answer_keeps_the_environments(monkeypatch):
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("QUERY_STRING", "lang=pt")
    monkeypatch.setattr(voila, "read_request", lambda: None)
    assert wait_for_address().lang == "pt"
