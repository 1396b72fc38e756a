#pragma once

#include <QExplicitlySharedDataPointer>
#include <QSharedData>

#include <utility>

namespace agui {

// Members that most records of a kind leave empty, kept behind one pointer: a record pays 8 bytes
// for them until one is set, instead of their full size in each of a million-event session's
// records. Copies (the session's checkpoints) share them until one side writes.
template<typename T> class RareMembers
{
public:
    const T &get() const { return m_d ? m_d->value : empty(); }
    bool isSet() const { return bool(m_d); } // whether a member was ever written
    // Write access: allocates on the first write, copies when shared.
    T &edit()
    {
        if (!m_d)
            m_d = new Shared;
        else
            m_d.detach();
        return m_d->value;
    }
    // Sets one member, writing (and so allocating) only when it changes: setting an empty value
    // on a record without rare members costs nothing.
    template<typename V, typename U> void set(V T::*member, U &&value)
    {
        if (!(get().*member == value))
            edit().*member = std::forward<U>(value);
    }

    friend bool operator==(const RareMembers &a, const RareMembers &b)
    {
        return a.m_d == b.m_d || a.get() == b.get();
    }

private:
    struct Shared : QSharedData
    {
        T value {};
    };
    static const T &empty()
    {
        static const T none {};
        return none;
    }

    QExplicitlySharedDataPointer<Shared> m_d;
};

} // namespace agui
